import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sandboxMessages } from '@owo/shared/sandbox-messages';
import { CopyButton } from '../../components/CopyButton';
import { TextField } from '../../components/TextField';
import { useSession } from '../../lib/session-store';
import { fetchMailbox, fetchTexts, type SandboxMail, type SandboxText } from './sandbox-api';
import { defaultMailboxEmail } from './mailbox-email';

/** New mail shows up on its own while the panel is open (a code arrives a moment after asking). */
const REFRESH_MS = 2_000;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function when(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-NG', { hour: '2-digit', minute: '2-digit' });
}

/**
 * The sandbox mailbox (decision 0019): the mails the app would have sent to one address, newest
 * first with its code large, and for a signed-in customer the NIN/BVN codes Safe Haven "texted".
 */
export function MailboxPanel() {
  const [email, setEmail] = useState(defaultMailboxEmail);
  const signedIn = useSession((s) => s.auth.isAuthenticated);
  const address = email.trim();
  const valid = EMAIL_SHAPE.test(address);
  const mails = useQuery({
    queryKey: ['sandbox', 'mailbox', address.toLowerCase()],
    queryFn: ({ signal }) => fetchMailbox(address, signal),
    enabled: valid,
    refetchInterval: REFRESH_MS,
  });
  const texts = useQuery({
    queryKey: ['sandbox', 'texts'],
    queryFn: ({ signal }) => fetchTexts(signal),
    enabled: signedIn,
    refetchInterval: REFRESH_MS,
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <TextField
        label={sandboxMessages.mailboxEmailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <section aria-label="Mails" className="grid min-w-0 gap-2">
        {valid && mails.data?.length === 0 ? (
          <p className="rounded-2xl border border-line bg-white px-4 py-3 text-sm text-muted">
            {sandboxMessages.mailboxEmpty}
          </p>
        ) : null}
        {mails.data?.map((mail, index) => (
          <MailCard key={`${mail.sentAt}-${index}`} mail={mail} />
        ))}
      </section>
      {signedIn ? (
        <section aria-label={sandboxMessages.mailboxKycTitle} className="grid min-w-0 gap-2">
          <h2 className="text-sm font-semibold text-ink">{sandboxMessages.mailboxKycTitle}</h2>
          {texts.data?.length === 0 ? (
            <p className="rounded-2xl border border-line bg-white px-4 py-3 text-sm text-muted">
              {sandboxMessages.mailboxKycEmpty}
            </p>
          ) : null}
          {texts.data?.map((text) => (
            <TextCard key={`${text.identityId}-${text.sentAt}`} text={text} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

function CodeLine({ code, label }: { code: string; label: string }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      <span
        data-testid="sandbox-code"
        className="text-2xl font-bold tracking-[0.2em] text-ink amount"
      >
        {code}
      </span>
      <CopyButton value={code} label={label} className="-mr-2" />
    </span>
  );
}

function MailCard({ mail }: { mail: SandboxMail }) {
  return (
    <article className="flex min-w-0 items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 py-3">
      <div className="min-w-0">
        {/* The app's name before the colon is the same on every mail: the rest says which. */}
        <p className="truncate text-sm font-semibold text-ink">
          {mail.subject.replace(/^[^:]+:\s*/, '')}
        </p>
        <p className="truncate text-xs text-muted">
          {when(mail.sentAt)} · {mail.to}
        </p>
      </div>
      {mail.code ? <CodeLine code={mail.code} label="Code" /> : null}
    </article>
  );
}

function TextCard({ text }: { text: SandboxText }) {
  return (
    <article className="flex min-w-0 items-center justify-between gap-3 rounded-2xl border border-line bg-white px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink">
          {text.type} ending {text.numberHint}
        </p>
        <p className="text-xs text-muted">Safe Haven · {when(text.sentAt)}</p>
      </div>
      <CodeLine code={text.code} label="Code" />
    </article>
  );
}
