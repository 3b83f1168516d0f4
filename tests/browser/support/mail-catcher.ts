/**
 * A local SMTP server for the browser tests: the app sends real mail over SMTP_URL, this catches
 * it, and an HTTP endpoint lets a test read the newest message for an address.
 *   SMTP on MAIL_CATCHER_SMTP_PORT, HTTP GET /latest?to=<email> on MAIL_CATCHER_HTTP_PORT.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2526);
const inbox: { to: string[]; raw: string; at: number }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      inbox.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void res.end('ok');
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const mail = inbox.filter((m) => m.to.includes(to)).at(-1);
  res.setHeader('content-type', 'application/json');
  res.statusCode = mail ? 200 : 404;
  res.end(JSON.stringify(mail ?? null));
}).listen(httpPort, '127.0.0.1');
