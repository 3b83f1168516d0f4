import { useEffect, useState } from 'react';
import type { SwapDto } from '@owo/shared/api-types';
import { SWAP_STATUSES, type SwapStatus } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { EmptyState } from '../../../../components/EmptyState';
import { SwapIcon } from '../../../../components/icons';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { ScreenHeader } from '../../../../components/ScreenHeader';
import { SelectField } from '../../../../components/SelectField';
import { CardListSkeleton } from '../../shared/CardListSkeleton';
import { toast } from '../../../../lib/toast';
import {
  swapFilterParams,
  useAdminSwaps,
  useSwapCounts,
  useSwapProfit,
} from '../api/admin-swaps-api';
import { matchesSearch, statusLook } from '../components/admin-format';
import { AdminSwapCard } from '../components/AdminSwapCard';
import { AdminSwapSheet } from '../components/AdminSwapSheet';
import { Pagination } from '../../shared/Pagination';
import { ExportButton } from '../../shared/ExportButton';
import { SearchField } from '../../shared/SearchField';
import { SearchAllBar } from '../components/SearchAllBar';
import { PayoutReferenceDialog } from '../components/PayoutReferenceDialog';
import { ScreenshotViewer } from '../components/ScreenshotViewer';
import { StatsTiles } from '../components/StatsTiles';
import { useSwapActions } from '../components/use-swap-actions';

/** Admin Airtime to Cash (/admin/airtime-to-cash): review, approve, reject, pay (spec 02 §2). */
export function AdminSwapsPage() {
  const [status, setStatus] = useState<SwapStatus | ''>('');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  // The text last sent to the server with "Search all"; it applies while the box still says it.
  const [serverSearch, setServerSearch] = useState('');
  const [selected, setSelected] = useState<SwapDto | null>(null);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const typed = search.trim();
  const searchingAll = serverSearch !== '' && serverSearch === typed;
  const list = useAdminSwaps(status, page, searchingAll ? serverSearch : '');
  const counts = useSwapCounts();
  const profit = useSwapProfit();
  const actions = useSwapActions(setSelected);

  useEffect(() => {
    if (list.isError) toast.error(messages.swapAdminFetchFailed);
  }, [list.isError]);

  // The server's matches are shown as they come (it also searches fields the cards do not show);
  // otherwise the box filters the loaded page.
  const swaps = searchingAll
    ? (list.data?.data ?? [])
    : (list.data?.data ?? []).filter((swap) => matchesSearch(swap, search));

  function changeSearch(text: string) {
    setSearch(text);
    if (serverSearch && text.trim() !== serverSearch) {
      setServerSearch('');
      setPage(1);
    }
  }

  function searchAll() {
    if (!typed) return;
    setServerSearch(typed);
    setPage(1);
  }
  const pages = list.data?.pagination?.totalPages ?? 1;

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-8">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader
          title="Airtime to Cash"
          backTo="/admin/dashboard"
          trailing={
            <ExportButton
              path={`/airtime-swap/admin/export?${swapFilterParams(status, searchingAll ? serverSearch : '')}`}
              fallbackName="owo-airtime-to-cash.csv"
            />
          }
        />
      </div>
      <div className="grid grid-cols-1 gap-4 px-5 pt-1">
        <StatsTiles counts={counts} profit={profit.data} />

        {/* The search has the whole row so its placeholder is read whole at 390 px; the status
            filter sits under it. */}
        <div className="grid grid-cols-1 gap-2">
          {/* Enter runs "Search all" (the box alone filters the loaded page as you type). */}
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              searchAll();
            }}
          >
            <SearchField
              value={search}
              onChange={changeSearch}
              placeholder="Reference, phone, email, name"
              maxLength={100}
            />
          </form>
          <SearchAllBar
            text={searchingAll ? serverSearch : typed}
            searchingAll={searchingAll}
            total={list.isFetching ? undefined : list.data?.pagination?.totalItems}
            onSearchAll={searchAll}
            onClear={() => changeSearch('')}
          />
          <SelectField
            label="Status"
            className="w-full [&>label]:sr-only [&_select]:text-sm"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as SwapStatus | '');
              setPage(1);
            }}
          >
            <option value="">All Status</option>
            {SWAP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLook(s).label}
              </option>
            ))}
          </SelectField>
        </div>

        <section
          aria-label="Swap requests"
          aria-busy={list.isFetching || undefined}
          className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          {list.isPending ? (
            <CardListSkeleton />
          ) : list.isError && !list.data ? (
            <EmptyState
              icon={<AlertCircleIcon size={26} />}
              title={messages.swapAdminFetchFailed}
              action={
                <Button variant="secondary" block={false} onClick={() => void list.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : swaps.length === 0 ? (
            <EmptyState
              icon={<SwapIcon size={26} />}
              title="No swap requests found"
              text={search || status ? 'Try adjusting your search or filter' : undefined}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {swaps.map((swap) => (
                <li key={swap._id || swap.swapId}>
                  <AdminSwapCard swap={swap} onOpen={() => setSelected(swap)} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <Pagination page={page} pages={pages} onPage={setPage} />
      </div>

      <AdminSwapSheet
        swap={selected}
        actions={actions}
        onClose={() => setSelected(null)}
        onViewScreenshot={setScreenshot}
      />
      <ScreenshotViewer url={screenshot} onClose={() => setScreenshot(null)} />
      {actions.askReference ? (
        <PayoutReferenceDialog
          open
          title={
            actions.askReference.action === 'complete' ? 'Mark as Completed' : 'Approve payout'
          }
          initialReference={actions.askReference.swap.payoutReference}
          busy={actions.busy !== null}
          onCancel={actions.cancel}
          onConfirm={actions.confirmReference}
        />
      ) : null}
      <Dialog
        open={actions.askReject !== null}
        onClose={actions.cancel}
        tone="danger"
        icon={<AlertCircleIcon size={26} />}
        title="Reject transaction"
        actions={
          <>
            <Button variant="outline" onClick={actions.cancel} disabled={actions.busy !== null}>
              Cancel
            </Button>
            <Button
              variant="danger"
              className="bg-danger! text-white!"
              loading={actions.busy === 'reject'}
              onClick={actions.confirmReject}
            >
              Reject
            </Button>
          </>
        }
      >
        {messages.swapRejectConfirm}
      </Dialog>
    </main>
  );
}
