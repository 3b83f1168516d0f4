import { sandboxMessages } from '@owo/shared/sandbox-messages';
import { BottomSheet } from '../../components/BottomSheet';
import { MailboxPanel } from './MailboxPanel';

/** The mailbox over the current screen, so a code is read without leaving the form it goes in. */
export function MailboxSheet({ onClose }: { onClose: () => void }) {
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={sandboxMessages.mailboxTitle}
      description={sandboxMessages.mailboxIntro}
    >
      <div className="pb-4">
        <MailboxPanel />
      </div>
    </BottomSheet>
  );
}
