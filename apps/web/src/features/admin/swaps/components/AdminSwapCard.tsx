import type { SwapDto } from '@owo/shared/api-types';
import { BrandBadge } from '../../../../components/BrandBadge';
import { ChevronRightIcon } from '../../../../components/icons';
import { customerName, formatDateGB, naira, statusLook } from './admin-format';
import { StatusPill } from '../../shared/StatusPill';

/** One request in the list; tapping it opens the detail sheet. */
export function AdminSwapCard({ swap, onOpen }: { swap: SwapDto; onOpen: () => void }) {
  const network = String(swap.network).toUpperCase();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Swap ${swap.swapId} by ${customerName(swap)}`}
      className="w-full rounded-3xl bg-white p-4 text-left shadow-card transition-colors hover:bg-brand-50/40 active:bg-brand-50"
    >
      <div className="flex items-center gap-3">
        <BrandBadge name={network} size={40} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{customerName(swap)}</p>
          <p className="truncate text-xs text-muted">{swap.userId?.email}</p>
        </div>
        <StatusPill {...statusLook(swap.status)} />
      </div>
      <div className="mt-3 flex items-end justify-between gap-3 border-t border-line pt-3">
        <div className="min-w-0">
          <p className="truncate font-mono text-xs text-muted">{swap.swapId}</p>
          <p className="mt-0.5 text-xs text-muted">
            {formatDateGB(swap.createdAt)} · {swap.paymentMethod === 'bank' ? 'Bank' : 'Wallet'}
          </p>
        </div>
        <div className="flex items-center gap-1 text-right">
          <div>
            <p className="font-bold amount">{naira(swap.amount)}</p>
            <p className="text-xs text-brand-700 amount">Pay {naira(swap.expectedPayout)}</p>
          </div>
          <ChevronRightIcon size={18} className="text-muted" />
        </div>
      </div>
    </button>
  );
}
