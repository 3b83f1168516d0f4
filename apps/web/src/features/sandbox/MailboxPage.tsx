import { sandboxMessages } from '@owo/shared/sandbox-messages';
import { ScreenHeader } from '../../components/ScreenHeader';
import { PageSpinner } from '../../components/Spinner';
import { NotFound } from '../../components/NotFound';
import { MailboxPanel } from './MailboxPanel';
import { useSandboxMode } from '../../lib/sandbox/use-sandbox-mode';

/** /sandbox/mailbox: the mailbox as a page (the start banner points here). Live: not found. */
export function MailboxPage() {
  const sandbox = useSandboxMode();
  if (sandbox === null) return <PageSpinner />;
  if (!sandbox) return <NotFound />;
  return (
    <main className="mx-auto min-h-dvh max-w-md bg-surface px-5 pb-10">
      <ScreenHeader title={sandboxMessages.mailboxTitle} backTo="/" />
      <p className="mb-4 text-sm text-muted">{sandboxMessages.mailboxIntro}</p>
      <MailboxPanel />
    </main>
  );
}
