import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons';

interface SettingsRowProps {
  icon: ReactNode;
  label: string;
  description?: string;
  to?: string;
  onClick?: () => void;
  tone?: 'default' | 'danger';
  busy?: boolean;
}

const rowClass = 'flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left';

/** One settings line: a link, a button, or (neither given) a plain, inert row. */
export function SettingsRow({
  icon,
  label,
  description,
  to,
  onClick,
  tone = 'default',
  busy,
}: SettingsRowProps) {
  const content = (
    <>
      <span
        className={`grid size-10 shrink-0 place-items-center rounded-full ${
          tone === 'danger' ? 'bg-danger/10 text-danger' : 'bg-brand-50 text-brand-700'
        }`}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block font-medium ${tone === 'danger' ? 'text-danger' : ''}`}>
          {label}
        </span>
        {description ? <span className="block text-xs text-muted">{description}</span> : null}
      </span>
      {to || onClick ? <ChevronRightIcon size={18} className="text-muted" /> : null}
    </>
  );
  if (to) {
    return (
      <Link to={to} className={`${rowClass} hover:bg-surface`}>
        {content}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        className={`${rowClass} hover:bg-surface disabled:opacity-60`}
      >
        {content}
      </button>
    );
  }
  return <div className={rowClass}>{content}</div>;
}
