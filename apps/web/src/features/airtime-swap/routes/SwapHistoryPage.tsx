import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SwapDto } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { BrandBadge } from '../../../components/BrandBadge';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { SwapIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { Skeleton } from '../../../components/Skeleton';
import { SupportButton } from '../../../components/SupportButton';
import { useMySwaps } from '../api/swap-api';
import { StatusBadge } from '../components/StatusBadge';
import { SwapDetailsSheet } from '../components/SwapDetailsSheet';
import {
  formatDateUS,
  HISTORY_TAB_STATUSES,
  naira,
  PENDING_TAB_STATUSES,
} from '../components/swap-format';
import { SwapScreen } from '../components/SwapScreen';

type Tab = 'pending' | 'history';

/** Airtime Swap History (/airtime-to-cash/history): pending and finished swaps (spec 02 §2). */
export function SwapHistoryPage() {
  const navigate = useNavigate();
  const swaps = useMySwaps();
  const [tab, setTab] = useState<Tab>('pending');
  const [open, setOpen] = useState<SwapDto | null>(null);
  const all = swaps.data ?? [];
  const pending = all.filter((s) => PENDING_TAB_STATUSES.includes(s.status));
  const history = all.filter((s) => HISTORY_TAB_STATUSES.includes(s.status));
  const shown = tab === 'pending' ? pending : history;

  return (
    <SwapScreen
      title="Airtime Swap History"
      backTo="/home"
      trailing={
        <Button
          variant="outline"
          block={false}
          className="min-h-10! rounded-full! px-4! text-sm!"
          onClick={() => void swaps.refetch()}
          loading={swaps.isFetching && !swaps.isPending}
        >
          Refresh
        </Button>
      }
    >
      <div>
        <h1 className="text-xl font-bold">Your Airtime Swaps</h1>
        <p className="text-sm text-muted">Track your airtime conversion requests</p>
      </div>

      <div
        role="tablist"
        aria-label="Swaps"
        className="grid grid-cols-2 gap-1 rounded-2xl bg-white p-1 shadow-card"
      >
        {(
          [
            ['pending', `Pending (${pending.length})`],
            ['history', `History (${history.length})`],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`swap-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="swap-tab-panel"
            onClick={() => setTab(key)}
            className={`min-h-11 rounded-xl text-sm font-semibold transition-colors ${
              tab === key ? 'bg-brand-600 text-white' : 'text-muted hover:text-ink'
            }`}
          >
            {label}
          </button>
        ))}
      </div>

      <div id="swap-tab-panel" role="tabpanel" aria-labelledby={`swap-tab-${tab}`}>
        {swaps.isPending ? (
          <ListSkeleton />
        ) : swaps.isError && all.length === 0 ? (
          <EmptyState
            icon={<AlertCircleIcon size={26} />}
            title={messages.swapHistoryFailed}
            action={
              <Button variant="secondary" block={false} onClick={() => void swaps.refetch()}>
                Try again
              </Button>
            }
          />
        ) : shown.length === 0 ? (
          tab === 'pending' ? (
            <EmptyState
              icon={<SwapIcon size={26} />}
              title="No pending swaps"
              action={
                <Button block={false} onClick={() => navigate('/airtime-to-cash')}>
                  Create New Swap
                </Button>
              }
            />
          ) : (
            <EmptyState icon={<SwapIcon size={26} />} title="No completed swaps yet" />
          )
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {shown.map((swap) => (
              <li key={swap._id || swap.swapId}>
                <SwapCard swap={swap} onOpen={() => setOpen(swap)} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <SupportButton
        label="Need help? Contact Support"
        className="mx-auto flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      />

      <SwapDetailsSheet swap={open} onClose={() => setOpen(null)} />
    </SwapScreen>
  );
}

function SwapCard({ swap, onOpen }: { swap: SwapDto; onOpen: () => void }) {
  const network = String(swap.network).toUpperCase();
  return (
    <article
      aria-label={`${network} swap ${swap.swapId}`}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="flex items-center justify-between gap-3">
        <StatusBadge status={swap.status} />
        <p className="min-w-0 truncate font-mono text-xs text-muted">{swap.swapId}</p>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <BrandBadge name={network} size={40} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{network}</p>
          <p className="truncate text-xs text-muted">{formatDateUS(swap.createdAt)}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-base font-bold amount">{naira(swap.amount)}</p>
          <p className="text-xs text-muted">
            Payout{' '}
            <span className="font-semibold text-brand-700 amount">
              {naira(swap.expectedPayout)}
            </span>
          </p>
        </div>
      </div>
      <Button variant="secondary" className="mt-3 min-h-11!" onClick={onOpen}>
        View Details
      </Button>
    </article>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-3xl bg-white p-4 shadow-card">
          <div className="flex justify-between">
            <Skeleton className="h-6 w-28 rounded-full" />
            <Skeleton className="h-3 w-24" />
          </div>
          <div className="mt-4 flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-16" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-5 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}
