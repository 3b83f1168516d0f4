import { statusLook } from './admin-format';

export function StatusPill({ status }: { status: string }) {
  const { label, tone } = statusLook(status);
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}
