import { useState } from 'react';
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { EmptyState } from '../../../../components/EmptyState';
import { CheckIcon } from '../../../../components/icons';
import { Pagination } from '../../shared/Pagination';
import { pillTone, StatusPill } from '../../shared/StatusPill';
import { useNeedsDecision } from '../api/needs-decision-api';
import { withHours } from './decision-format';
import { DecisionOrderCard } from './DecisionOrderCard';
import { CardsSkeleton, LoadError, SectionTitle } from './SectionState';

/** The hours the server answers; shown before the first reply arrives (the API's default). */
const DEFAULT_AFTER_HOURS = 2;

/** The open orders past the automatic requeries, oldest first, a page at a time. */
export function OrdersSection({ onOpen }: { onOpen: (tx: AdminTransactionDto) => void }) {
  const [page, setPage] = useState(1);
  const list = useNeedsDecision(page);
  // Ages are measured at the moment the reply arrived: one clock for every card, and the render
  // stays pure (a refetch moves it on).
  const now = list.dataUpdatedAt;
  const hours = list.data?.afterHours ?? DEFAULT_AFTER_HOURS;
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.totalItems ?? 0;

  return (
    <section
      aria-labelledby="needs-decision-orders"
      aria-busy={list.isFetching || undefined}
      className="grid gap-3"
    >
      <SectionTitle
        id="needs-decision-orders"
        title={t.needsDecisionOrders}
        aside={
          total > 0 ? (
            <StatusPill
              label={t.needsDecisionWaiting.replace('{n}', String(total))}
              tone={pillTone.waiting}
            />
          ) : undefined
        }
      />
      <p className="text-sm text-muted">{withHours(t.needsDecisionIntro, hours)}</p>
      <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
        {list.isPending ? (
          <CardsSkeleton withFooter />
        ) : list.isError && !list.data ? (
          <LoadError title={t.needsDecisionLoadFailed} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<CheckIcon size={26} />}
            title={t.needsDecisionEmpty}
            text={withHours(t.needsDecisionEmptyText, hours)}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {rows.map((tx) => (
              <li key={tx._id}>
                <DecisionOrderCard tx={tx} now={now} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination page={page} pages={list.data?.pagination.totalPages ?? 1} onPage={setPage} />
    </section>
  );
}
