import pino from 'pino';

/**
 * Structured JSON logs; secrets and tokens never reach them. An API key travels in the
 * Authorization header and is shown once in its creation reply (`secret`, `webhookSecret`):
 * nothing logs reply bodies, and these paths are censored should anything ever log one.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.transactionPin',
          '*.currentPin',
          '*.otp',
          '*.idToken',
          '*.signupTicket',
          '*.token',
          '*.secret',
          '*.webhookSecret',
          '*.data.secret',
          '*.data.webhookSecret',
          'req.headers["x-api-key"]',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
