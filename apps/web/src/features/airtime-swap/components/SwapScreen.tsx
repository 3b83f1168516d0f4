import type { ReactNode } from 'react';
import { PinnedFooter, ScreenLayout } from '../../../components/ScreenLayout';

// The airtime-to-cash screens use the shared white card.
export { Card } from '../../../components/ScreenLayout';

/** Frame of the airtime-to-cash screens: sticky header, content column, optional pinned footer. */
export function SwapScreen({
  title,
  backTo,
  trailing,
  footer,
  children,
}: {
  title: string;
  backTo?: string;
  trailing?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScreenLayout title={title} backTo={backTo} trailing={trailing} titleIsHeading={false}>
      <div className="grid flex-1 grid-cols-1 content-start gap-4 px-5 pt-1 pb-6">{children}</div>
      {footer ? <PinnedFooter>{footer}</PinnedFooter> : null}
    </ScreenLayout>
  );
}
