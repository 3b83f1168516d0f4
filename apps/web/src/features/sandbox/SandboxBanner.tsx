import { lazy, Suspense, useState } from 'react';
import { sandboxBannerMessages } from '@owo/shared/sandbox-messages';
import { useSandboxMode } from '../../lib/sandbox/use-sandbox-mode';

// Loaded on the first tap: the banner itself stays a few hundred bytes on every route.
const MailboxSheet = lazy(() =>
  import('./MailboxSheet').then((m) => ({ default: m.MailboxSheet })),
);

/**
 * A thin strip above every screen in sandbox mode: no real money moves, and the mailbox (the
 * codes the app would have mailed or Safe Haven texted) is one tap away. Live: nothing at all.
 */
export function SandboxBanner() {
  const sandbox = useSandboxMode();
  const [open, setOpen] = useState(false);
  if (sandbox !== true) return null;
  return (
    <>
      {/* A landmark of its own, so assistive technology finds it with the page's other regions. */}
      <aside aria-label="Sandbox mode" data-toast-clear>
        <div
          role="note"
          aria-label="Sandbox"
          className="flex h-11 items-center justify-between gap-3 border-b border-accent-100 bg-[#fff8ea] px-4 text-xs text-[#7a4b05]"
        >
          <span className="inline-flex items-center gap-1.5 font-medium">
            <span aria-hidden className="size-1.5 rounded-full bg-accent-500" />
            {sandboxBannerMessages.banner}
          </span>
          <button
            type="button"
            onClick={() => setOpen(true)}
            // 44 px tall: a target a thumb can hit (WCAG 2.5.8, and the app's own 44 px rule).
            className="-mr-2 inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold hover:bg-accent-100"
          >
            {sandboxBannerMessages.mailboxButton}
          </button>
        </div>
      </aside>
      {open ? (
        <Suspense fallback={null}>
          <MailboxSheet onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
