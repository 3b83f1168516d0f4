import type { FormEvent, ReactNode } from 'react';
import { messages } from '@owo/shared/messages';
import { BalancePill } from '../../../components/BalancePill';
import { AlertCircleIcon } from '../../../components/more-icons';
import { FormScreen } from '../../../components/ScreenLayout';

interface PurchaseLayoutProps {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** The bottom-pinned action (Continue). */
  action: ReactNode;
  /** False when an admin switched the service off. */
  available?: boolean;
}

/** Frame of the purchase screens: back to home, title, wallet balance, cards, pinned action. */
export function PurchaseLayout({
  title,
  onSubmit,
  children,
  action,
  available = true,
}: PurchaseLayoutProps) {
  return (
    <FormScreen
      title={title}
      trailing={<BalancePill testId="purchase-balance" />}
      onSubmit={onSubmit}
      action={action}
    >
      {available ? null : (
        <p
          role="status"
          className="flex items-start gap-2 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-accent-600"
        >
          <AlertCircleIcon size={18} className="mt-0.5 shrink-0" />
          {messages.serviceShutdown}
        </p>
      )}
      {children}
    </FormScreen>
  );
}
