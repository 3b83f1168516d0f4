/**
 * The sandbox mailbox: what the app would have sent to people (sign-in, reset and PIN-change
 * e-mails; Safe Haven's NIN/BVN codes "texted to the phone on record"), kept in memory so a
 * newcomer can read them in the browser. Sandbox mode only (decision 0019).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxMail, SandboxText } from '@owo/shared/sandbox-types';
import type { Mail, Mailer } from '../../lib/mailer';

export type { SandboxMail, SandboxText };

/** One thing the mailbox keeps, as it travels between API processes (cluster/shared-inbox.ts). */
export type InboxEntry = { kind: 'mail'; mail: SandboxMail } | { kind: 'text'; text: SandboxText };

/** How many of each the mailbox keeps (oldest dropped first): enough for a demo, bounded memory. */
export const SANDBOX_INBOX_LIMIT = 200;

// The Safe Haven simulator's log line: "... OTP for NIN 12345678901: 123456 (identityId abc)".
const SAFEHAVEN_LINE = /OTP for (NIN|BVN) (\d+): (\d+) \(identityId ([^)\s]+)\)/;

function codeIn(text: string): string | null {
  return /\b(\d{4,6})\b/.exec(text)?.[1] ?? null;
}

function keepLast<T>(list: T[], item: T) {
  list.push(item);
  if (list.length > SANDBOX_INBOX_LIMIT) list.splice(0, list.length - SANDBOX_INBOX_LIMIT);
}

export function createSandboxInbox(
  options: {
    now?: () => Date;
    /** Where the one-line code notices go as plain text (the server's console); else the logger. */
    print?: (line: string) => void;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const mails: SandboxMail[] = [];
  const texts: SandboxText[] = [];
  let notice: ((line: string) => void) | undefined = options.print;
  const sharers: ((entry: InboxEntry) => void)[] = [];

  function keepEntry(entry: InboxEntry) {
    if (entry.kind === 'mail') keepLast(mails, entry.mail);
    else keepLast(texts, entry.text);
  }

  /** Kept here and handed to the other API processes, so every one shows the same mailbox. */
  function keepAndShare(entry: InboxEntry) {
    keepEntry(entry);
    for (const share of sharers) share(entry);
  }

  function recordMail(mail: Mail) {
    const code = codeIn(mail.text);
    keepAndShare({
      kind: 'mail',
      mail: {
        to: mail.to.toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        code,
        sentAt: now().toISOString(),
      },
    });
    // One readable line, apart from the structured mail log, so the code is found at a glance.
    if (code) notice?.(`code for ${mail.to}: ${code}`);
  }

  return {
    /** The app's logger takes the one-line notices unless a plain printer was given. */
    useLogger(target: FastifyBaseLogger) {
      if (!options.print) notice = (line) => target.info(line);
    },

    /** The mailer the app uses: every mail is sent as before and also kept here. */
    wrap(mailer: Mailer): Mailer {
      return {
        async send(mail) {
          await mailer.send(mail);
          recordMail(mail);
        },
      };
    },

    /** Takes the Safe Haven simulator's log lines; answers whether the line carried a code. */
    recordSafeHavenLine(line: string): boolean {
      const match = SAFEHAVEN_LINE.exec(line);
      if (!match) return false;
      const [, type, number, code, identityId] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      keepAndShare({
        kind: 'text',
        text: { identityId, type, numberHint: number.slice(-3), code, sentAt: now().toISOString() },
      });
      notice?.(`Safe Haven ${type} code for identity ${identityId}: ${code}`);
      return true;
    },

    /** Told every mail and code recorded in this process (not those kept from another one). */
    onRecorded(share: (entry: InboxEntry) => void) {
      sharers.push(share);
    },

    /** Keeps what another API process recorded (its notice line was printed there). */
    keep(entry: InboxEntry) {
      keepEntry(entry);
    },

    /** Everything kept, oldest first: what a new API process is given to start from. */
    entries(): InboxEntry[] {
      return [
        ...mails.map((mail): InboxEntry => ({ kind: 'mail', mail })),
        ...texts.map((text): InboxEntry => ({ kind: 'text', text })),
      ];
    },

    /** Mails to one address, newest first. */
    mailsTo(email: string, limit = 20): SandboxMail[] {
      const address = email.trim().toLowerCase();
      return mails
        .filter((mail) => mail.to === address)
        .slice(-limit)
        .reverse();
    },

    /** Codes for the given Safe Haven identities, newest first. */
    textsFor(identityIds: readonly string[], limit = 20): SandboxText[] {
      const wanted = new Set(identityIds);
      return texts
        .filter((text) => wanted.has(text.identityId))
        .slice(-limit)
        .reverse();
    },
  };
}

export type SandboxInbox = ReturnType<typeof createSandboxInbox>;
