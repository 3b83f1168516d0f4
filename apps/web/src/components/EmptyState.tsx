import type { ReactNode } from 'react';

/** A centred "nothing here" card: icon, title, optional line of text and action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-10 text-center shadow-card">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <p className="mt-3 font-semibold">{title}</p>
      {text ? <p className="mt-1 text-sm text-muted">{text}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
