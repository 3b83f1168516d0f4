import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationDto,
  NotificationKind,
  NotificationPulse,
  NotificationsReply,
} from '@owo/shared/notifications';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { BellIcon, PlusIcon, SendIcon, SwapIcon } from '../../../components/icons';
import { AlertCircleIcon, WalletIcon } from '../../../components/more-icons';
import { ScreenLayout } from '../../../components/ScreenLayout';
import { Skeleton } from '../../../components/Skeleton';
import { apiRequest } from '../../../lib/api';
import { notificationsQuery, pulseKey } from '../../../lib/live-updates';
import { formatNaira } from '../../../lib/money';
import { formatShortDateTime } from '../../../lib/transactions';

const looks: Record<NotificationKind, { Icon: ComponentType<{ size?: number }>; tint: string }> = {
  deposit: { Icon: PlusIcon, tint: 'bg-brand-50 text-brand-700' },
  transfer: { Icon: SendIcon, tint: 'bg-violet-50 text-violet-700' },
  credit: { Icon: WalletIcon, tint: 'bg-brand-50 text-brand-700' },
  refund: { Icon: WalletIcon, tint: 'bg-violet-50 text-violet-700' },
  order_delivered: { Icon: BellIcon, tint: 'bg-brand-50 text-brand-700' },
  order_failed: { Icon: AlertCircleIcon, tint: 'bg-rose-50 text-danger' },
  swap_paid: { Icon: SwapIcon, tint: 'bg-brand-50 text-brand-700' },
  swap_rejected: { Icon: AlertCircleIcon, tint: 'bg-rose-50 text-danger' },
};

/** Kinds that put money in the wallet: their amount reads as a credit. */
const credits = new Set<NotificationKind>([
  'deposit',
  'transfer',
  'credit',
  'refund',
  'order_failed',
]);

function markRead(upTo?: string) {
  return apiRequest<NotificationPulse>('/notifications/read', {
    method: 'POST',
    body: upTo ? { upTo } : {},
  });
}

/**
 * The notification centre (/notifications): what reached the wallet or finished while the
 * customer was elsewhere. Opening it reads what it shows; the dots stay for this visit so the
 * customer still sees which ones were new.
 */
export function NotificationsPage() {
  const queryClient = useQueryClient();
  const feed = useQuery(notificationsQuery);
  const marked = useRef<string | null>(null);
  const items = feed.data?.notifications ?? [];
  const newest = items[0]?.at;

  // What was unread when it arrived stays marked as new for this visit, though the server has
  // read it by then (updated while rendering: the pattern for state derived from a new reply).
  const [seen, setSeen] = useState<{ reply?: NotificationsReply; ids: Set<string> }>({
    ids: new Set(),
  });
  if (feed.data && seen.reply !== feed.data) {
    const ids = new Set(seen.ids);
    for (const n of feed.data.notifications) if (!n.read) ids.add(n.id);
    setSeen({ reply: feed.data, ids });
  }

  useEffect(() => {
    if (!feed.data || !newest || feed.data.unread === 0 || marked.current === newest) return;
    marked.current = newest;
    void markRead(newest)
      .then((pulse) => queryClient.setQueryData(pulseKey, pulse))
      .catch(() => {
        marked.current = null;
      });
  }, [feed.data, newest, queryClient]);

  return (
    <ScreenLayout title="Notifications" backTo="/home">
      <div className="grid gap-3 px-5 pt-2 pb-8">
        {feed.isPending ? (
          <FeedSkeleton />
        ) : feed.isError && items.length === 0 ? (
          <EmptyState
            icon={<AlertCircleIcon size={24} />}
            title="Couldn't load notifications"
            text="Check your connection and try again."
            action={
              <Button variant="secondary" block={false} onClick={() => void feed.refetch()}>
                Retry
              </Button>
            }
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<BellIcon size={24} />}
            title="No notifications yet"
            text="Deposits, transfers you receive, refunds and finished orders will show up here."
          />
        ) : (
          <ul aria-label="Notifications" className="grid gap-2">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notice={n} isNew={seen.ids.has(n.id) || !n.read} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </ScreenLayout>
  );
}

function NotificationItem({ notice, isNew }: { notice: NotificationDto; isNew: boolean }) {
  const { Icon, tint } = looks[notice.kind];
  const credit = credits.has(notice.kind);
  return (
    <article
      aria-label={notice.title}
      data-unread={isNew ? 'true' : 'false'}
      className={`flex gap-3 rounded-2xl bg-white p-4 shadow-card ${isNew ? 'ring-1 ring-brand-200' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`grid size-10 shrink-0 place-items-center rounded-full ${tint}`}
      >
        <Icon size={18} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold text-ink">
            {isNew ? (
              <span className="size-2 shrink-0 rounded-full bg-brand-600">
                <span className="sr-only">New</span>
              </span>
            ) : null}
            {notice.title}
          </h2>
          <span
            className={`shrink-0 text-sm font-semibold amount ${credit ? 'text-brand-700' : 'text-ink'}`}
          >
            {credit ? '+' : ''}
            {formatNaira(notice.amount)}
          </span>
        </div>
        <p className="mt-1 text-sm break-words text-muted">{notice.body}</p>
        <p className="mt-1.5 text-xs text-muted">{formatShortDateTime(notice.at)}</p>
      </div>
    </article>
  );
}

function FeedSkeleton() {
  return (
    <ul aria-label="Loading notifications" className="grid gap-2">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex gap-3 rounded-2xl bg-white p-4 shadow-card">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-20" />
          </div>
        </li>
      ))}
    </ul>
  );
}
