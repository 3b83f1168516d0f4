import type { ComponentType } from 'react';
import type { AuditEntryDto } from '@owo/shared/api-types';
import {
  AdminIcon,
  ReceiptIcon,
  SettingsIcon,
  SwapIcon,
  WifiIcon,
} from '../../../../components/icons';
import { AlertCircleIcon, WalletIcon } from '../../../../components/more-icons';
import { formatDateGB } from '../../shared/format';
import { actionTitle, actorLabel, changedFields, entityLabel } from './audit-format';

type IconType = ComponentType<{ size?: number }>;

/** An icon and a tint per kind of action; restores read green, shutdowns amber. */
function lookOf(action: string): { Icon: IconType; tint: string } {
  if (action === 'system.shutdown')
    return { Icon: AlertCircleIcon, tint: 'bg-accent-100 text-accent-600' };
  if (action.startsWith('system.'))
    return { Icon: SettingsIcon, tint: 'bg-brand-50 text-brand-700' };
  if (action.startsWith('wallet.')) return { Icon: WalletIcon, tint: 'bg-brand-50 text-brand-700' };
  if (action.startsWith('user.')) return { Icon: AdminIcon, tint: 'bg-sky-50 text-sky-700' };
  if (action.startsWith('swap.')) return { Icon: SwapIcon, tint: 'bg-violet-50 text-violet-700' };
  if (action.startsWith('plan.')) return { Icon: WifiIcon, tint: 'bg-teal-50 text-teal-700' };
  return { Icon: ReceiptIcon, tint: 'bg-surface text-ink' };
}

/** One admin action: what, who, when, on what, why, and the fields it changed. */
export function AuditEntryCard({ entry }: { entry: AuditEntryDto }) {
  const { Icon, tint } = lookOf(entry.action);
  const changes = changedFields(entry.before, entry.after, entry.reason);
  return (
    <article
      className="rounded-3xl bg-white p-4 shadow-card"
      aria-label={actionTitle(entry.action)}
    >
      <div className="flex items-start gap-3">
        <span className={`grid size-10 shrink-0 place-items-center rounded-2xl ${tint}`}>
          <Icon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="min-w-0 text-sm font-semibold break-words">
              {actionTitle(entry.action)}
            </h3>
            <time dateTime={entry.createdAt} className="shrink-0 text-[11px] text-muted amount">
              {formatDateGB(entry.createdAt)}
            </time>
          </div>
          <p className="text-xs break-words text-muted">
            by <span className="font-medium text-ink">{actorLabel(entry.actor)}</span>
          </p>
          {/* Names and references wrap rather than being cut: the operator needs all of them. */}
          <p
            data-testid="audit-entity"
            className="mt-1 inline-block max-w-full rounded-2xl bg-surface px-2 py-0.5 text-[11px] font-medium break-words text-muted"
          >
            {entityLabel(entry.entity, entry.entityId, entry.entityName)}
          </p>
        </div>
      </div>

      {changes.length > 0 || entry.reason ? (
        <dl className="mt-3 grid gap-1.5 border-t border-line pt-3 text-xs">
          {changes.map((change) => (
            <div key={change.key} className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2">
              <dt className="text-muted">{change.label}</dt>
              <dd className="min-w-0 break-words amount">
                {change.from !== undefined ? (
                  <>
                    <span className="text-muted line-through decoration-muted/50">
                      {change.from}
                    </span>
                    <span aria-label="changed to" className="mx-1.5 text-muted">
                      →
                    </span>
                  </>
                ) : null}
                <span className="font-semibold text-ink">{change.to}</span>
              </dd>
            </div>
          ))}
          {entry.reason ? (
            <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2">
              <dt className="text-muted">Reason</dt>
              <dd className="min-w-0 break-words text-ink">{entry.reason}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </article>
  );
}
