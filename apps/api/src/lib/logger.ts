import pino from 'pino';

/** Structured JSON logs; secrets and tokens never reach them. */
export function createLogger(level: string) {
  return pino({
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
      ],
      censor: '[redacted]',
    },
  });
}
