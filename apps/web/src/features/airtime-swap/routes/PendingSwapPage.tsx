import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SwapDto } from '@owo/shared/api-types';
import { SWAP_RATE, SWAP_RATE_PERCENT } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { BrandBadge } from '../../../components/BrandBadge';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CheckIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { messageOr } from '../../../lib/api-errors';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { toast } from '../../../lib/toast';
import { clearPendingSwap, mySwapsKey, pendingSwapKey } from '../api/swap-api';
import { readPendingSwapState, uploadStateFromSwap } from '../api/swap-navigation';
import { DetailRows } from '../components/DetailRows';
import { NeedHelp } from '../components/NeedHelp';
import { formatDateGB, naira, payoutAt, statusText } from '../components/swap-format';
import { Card, SwapScreen } from '../components/SwapScreen';

const [bannerTitle, bannerBody] = messages.swapIncompleteBanner.split(': ', 2) as [string, string];

/** Pending Transaction (/pending-swap): finish or cancel the waiting swap (spec 02 §2). */
export function PendingSwapPage() {
  const location = useLocation();
  const swap = useMemo(() => readPendingSwapState(location.state), [location.state]);
  if (!swap) return <Navigate to="/home" replace />;
  return <PendingSwap swap={swap} />;
}

function PendingSwap({ swap }: { swap: SwapDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clear = useSubmitMutation(() => clearPendingSwap());
  const clearing = clear.isPending;
  const [confirming, setConfirming] = useState(false);
  const payout = payoutAt(swap.amount, SWAP_RATE);
  const uploaded = swap.screenshotUploaded === true;
  // The server decides (canCancel); an older reply without it: only before the upload.
  const cancellable = swap.canCancel ?? (!uploaded && swap.status === 'PENDING_TRANSFER');

  const cancel = async () => {
    setConfirming(false);
    if (clear.inFlight()) return;
    try {
      await clear.send();
      queryClient.setQueryData(pendingSwapKey, null);
      void queryClient.invalidateQueries({ queryKey: pendingSwapKey });
      void queryClient.invalidateQueries({ queryKey: mySwapsKey });
      toast.success(messages.swapPendingCleared);
      navigate('/home', { replace: true });
    } catch (error) {
      toast.error(messageOr(error, messages.swapClearFailed));
    }
  };

  return (
    <SwapScreen
      title="Pending Transaction"
      backTo="/home"
      footer={
        cancellable ? (
          <div className="grid grid-cols-2 gap-3">
            <Button
              variant="danger"
              className="px-2!"
              onClick={() => setConfirming(true)}
              disabled={clearing}
            >
              {clearing ? 'Clearing...' : 'Cancel Swap'}
            </Button>
            <Button
              className="px-2!"
              disabled={uploaded || clearing}
              onClick={() =>
                navigate('/screenshot-upload', { state: uploadStateFromSwap(swap, payout) })
              }
            >
              {uploaded ? 'Already Uploaded' : 'Continue'}
            </Button>
          </div>
        ) : (
          // Proof sent: nothing left for the customer to do, an admin decides (decision 0054).
          <Button className="whitespace-nowrap" disabled>
            {uploaded ? 'Already Uploaded' : 'Being processed'}
          </Button>
        )
      }
    >
      <p
        role="status"
        className="flex items-start gap-3 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-accent-600"
      >
        <AlertCircleIcon size={18} className="mt-0.5 shrink-0" />
        <span>
          <strong className="font-semibold">{bannerTitle}:</strong> {bannerBody}
        </span>
      </p>

      <Card>
        <div className="mb-4 flex items-center gap-3">
          <BrandBadge name={String(swap.network)} size={44} />
          <div className="min-w-0 flex-1">
            <h1 className="font-semibold">Pending Airtime Swap</h1>
            <p className="text-sm text-muted amount">
              {naira(swap.amount)} {String(swap.network).toUpperCase()} airtime
            </p>
          </div>
        </div>
        <DetailRows
          label="Pending swap"
          rows={[
            { label: 'Swap ID', value: swap.swapId, copy: swap.swapId },
            { label: 'Network', value: String(swap.network).toUpperCase() },
            { label: 'Amount', value: naira(swap.amount) },
            { label: `Expected Payout (${SWAP_RATE_PERCENT}%)`, value: naira(payout) },
            { label: 'Status', value: statusText(swap.status) },
            { label: 'Created At', value: formatDateGB(swap.createdAt) },
            {
              label: 'Screenshot',
              value: uploaded ? (
                <span className="inline-flex items-center gap-1 text-brand-700">
                  <CheckIcon size={14} strokeWidth={2.6} />
                  Uploaded
                </span>
              ) : (
                'Not Uploaded'
              ),
            },
          ]}
        />
        {uploaded ? (
          <p className="mt-3 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-800">
            {messages.swapScreenshotAlreadyUploaded}
          </p>
        ) : null}
      </Card>

      <Card title="What next?">
        <ul className="grid gap-3 text-sm text-muted">
          {cancellable ? (
            <>
              <li>
                <span className="font-semibold text-ink">Continue</span> — finish the swap by
                uploading the screenshot of your airtime transfer.
              </li>
              <li>
                <span className="font-semibold text-ink">Cancel Swap</span> — clear this pending
                transaction and start a new one.
              </li>
            </>
          ) : (
            <li>
              Your proof of transfer has been received. An admin will review it and approve or
              reject the swap; it can no longer be cancelled.
            </li>
          )}
        </ul>
      </Card>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={messages.swapCancelConfirmTitle}
        tone="danger"
        icon={<AlertCircleIcon size={26} />}
        actions={
          <>
            <Button variant="outline" className="flex-1" onClick={() => setConfirming(false)}>
              Keep Swap
            </Button>
            <Button variant="danger" className="flex-1" onClick={() => void cancel()}>
              Yes, Cancel
            </Button>
          </>
        }
      >
        {messages.swapCancelConfirm}
      </Dialog>

      <NeedHelp />
    </SwapScreen>
  );
}
