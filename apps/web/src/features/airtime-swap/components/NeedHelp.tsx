import { SupportButton } from '../../../components/SupportButton';

/** Opens the live chat (or the WhatsApp/e-mail sheet when no chat is configured). */
export function NeedHelp({ label = 'Need help? Chat with us' }: { label?: string }) {
  return (
    <SupportButton
      label={label}
      className="mx-auto flex min-h-11 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
    />
  );
}
