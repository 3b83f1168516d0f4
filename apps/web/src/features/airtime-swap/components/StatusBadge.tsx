import { statusLook } from './swap-format';

/** The swap's status as a coloured pill with its icon (spec 02 §4 history colours). */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone, Icon } = statusLook(status);
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full whitespace-nowrap px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      <Icon size={13} strokeWidth={2.4} />
      {label}
    </span>
  );
}
