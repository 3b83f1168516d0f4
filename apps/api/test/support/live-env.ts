/** Live mode with every supplier pointed at a port where nothing listens (9, discard). */
export const LIVE_ENV = {
  PROVIDER_MODE: 'live',
  VTPASS_BASE_URL: 'http://127.0.0.1:9/vtpass/',
  VTPASS_API_KEY: 'k',
  VTPASS_PUBLIC_KEY: 'k',
  VTPASS_SECRET_KEY: 'k',
  DATASTATION_BASE_URL: 'http://127.0.0.1:9/ds/',
  DATASTATION_API_KEY: 'k',
  OGDAMS_BASE_URL: 'http://127.0.0.1:9/og/',
  OGDAMS_API_KEY: 'k',
  PALMPAY_BASE_URL: 'http://127.0.0.1:9/pp/',
  PALMPAY_APP_ID: 'k',
  PALMPAY_MERCHANT_PRIVATE_KEY: 'k',
  PALMPAY_PUBLIC_KEY: 'k',
  SAFEHAVEN_BASE_URL: 'http://127.0.0.1:9/sh/',
  SAFEHAVEN_CLIENT_ID: 'k',
  SAFEHAVEN_PRIVATE_KEY: 'k',
  SAFEHAVEN_DEBIT_ACCOUNT: '0123456789',
  SAFEHAVEN_COMPANY_URL: 'https://owo.example',
};

/**
 * Production is live by rule (decision 0020); its other requirements are met with values the
 * tests never use (the harness brings its own database and mailer).
 */
export const PRODUCTION_ENV = {
  ...LIVE_ENV,
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:9/unused',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_BASE_URL: 'https://owo.example',
};
