import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * A person waits on the sign-in code's request: a mail server that does not answer is reported
 * within seconds (nodemailer's defaults wait 2 minutes to connect and 10 for a silent socket).
 * Parameters in SMTP_URL's query string still win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Sends over SMTP_URL with nodemailer. Without SMTP_URL (the embedded default) the message is
 * built by nodemailer's JSON transport and printed to the server log, so a developer can read
 * the code there. In production that fallback is refused: a sign-in code in a log is a key to the
 * account for anyone who reads the log (config.ts requires SMTP_URL there too).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  logger: FastifyBaseLogger;
  production?: boolean;
}): Mailer {
  if (options.production && !options.smtpUrl) {
    throw new Error('SMTP_URL: required when NODE_ENV=production (codes are never logged)');
  }
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
      if (!options.smtpUrl) {
        options.logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (SMTP_URL unset)',
        );
      }
    },
  };
}
