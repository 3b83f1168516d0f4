import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  SWAP_MAX_SCREENSHOTS,
  SWAP_RATE,
  SWAP_REDIRECT_MS,
  SWAP_UPLOAD_FALLBACK_RATE,
} from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { BrandBadge } from '../../../components/BrandBadge';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/CopyButton';
import { CameraIcon, CheckIcon, CloseIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { Skeleton } from '../../../components/Skeleton';
import { messageOr } from '../../../lib/api-errors';
import { useSubmitMutation } from '../../../lib/submit-mutation';
import { dismissAllToasts, toast } from '../../../lib/toast';
import { addScreenshots } from '../api/screenshot-files';
import { mySwapsKey, pendingSwapKey, uploadScreenshot, useMySwaps } from '../api/swap-api';
import { readUploadState, type UploadState } from '../api/swap-navigation';
import { DetailRows } from '../components/DetailRows';
import { NeedHelp } from '../components/NeedHelp';
import { naira, payoutAt } from '../components/swap-format';
import { Card, SwapScreen } from '../components/SwapScreen';

interface Picked {
  id: number;
  file: File;
  /** Object URL of the preview. */
  url: string;
}

/** Upload Screenshot (/screenshot-upload): where to send the airtime, then the proof (spec 02 §2). */
export function ScreenshotUploadPage() {
  const location = useLocation();
  const state = useMemo(() => readUploadState(location.state), [location.state]);
  useEffect(() => {
    if (!state) toast.error(messages.swapNoTransactionData);
  }, [state]);
  if (!state) return <Navigate to="/airtime-to-cash" replace />;
  return <UploadScreen state={state} />;
}

function UploadScreen({ state }: { state: UploadState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const amount = Number(state.airtimeAmount);
  const payout = state.expectedPayout ?? payoutAt(amount, SWAP_UPLOAD_FALLBACK_RATE);
  const recipient = useRecipient(state);
  const [files, setFiles] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useSubmitMutation((input: { swapId: string; file: File }) =>
    uploadScreenshot(input.swapId, input.file),
  );
  const [done, setDone] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(0);
  // Previews are object URLs made when picked; the ones still shown are released on leaving.
  const shown = useRef(files);
  useEffect(() => {
    shown.current = files;
  });
  useEffect(() => () => shown.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/home', { replace: true }), SWAP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const pick = (picked: FileList | null) => {
    const { files: next, errors } = addScreenshots(
      files.map((p) => p.file),
      Array.from(picked ?? []),
    );
    const added = next.slice(files.length).map((file) => ({
      id: (nextId.current += 1),
      file,
      url: URL.createObjectURL(file),
    }));
    setFiles([...files, ...added]);
    setProblem(errors[0] ?? null);
    errors.forEach((error) => toast.error(error));
    if (inputRef.current) inputRef.current.value = '';
  };

  const upload = async () => {
    if (sending.inFlight()) return;
    if (!state.swapId) return fail(messages.swapIdInvalid);
    const first = files[0]?.file;
    if (!first) return fail(messages.swapScreenshotRequired);
    setProblem(null);
    try {
      // Only the first image is sent (spec 02 §5).
      await sending.send({ swapId: state.swapId, file: first });
      void queryClient.invalidateQueries({ queryKey: pendingSwapKey });
      void queryClient.invalidateQueries({ queryKey: mySwapsKey });
      setDone(true);
    } catch (error) {
      fail(messageOr(error, messages.swapUploadFailed));
    }
  };

  const fail = (message: string) => {
    setProblem(message);
    toast.error(message);
  };

  // The success screen uses the swap rate (spec 02 §9), not the upload page's fallback.
  if (done) return <UploadDone payout={state.expectedPayout ?? payoutAt(amount, SWAP_RATE)} />;

  return (
    <SwapScreen
      title="Upload Screenshot"
      backTo="/home"
      footer={
        <Button onClick={() => void upload()} loading={sending.isPending}>
          Upload Screenshot
        </Button>
      }
    >
      <Card>
        <div className="flex items-center gap-3">
          <BrandBadge name={state.network} size={44} />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-muted">
              Send <span className="font-semibold text-ink amount">{naira(amount)}</span>{' '}
              {state.network.toUpperCase()} airtime to
            </p>
            {recipient.phone ? (
              <p
                data-testid="swap-recipient"
                className="text-2xl font-bold tracking-wide text-ink amount"
              >
                {recipient.phone}
              </p>
            ) : recipient.loading ? (
              <Skeleton className="mt-1 h-7 w-40" />
            ) : (
              <p className="text-sm text-danger">We couldn't load the number. Please try again.</p>
            )}
          </div>
          {recipient.phone ? (
            <CopyButton value={recipient.phone} label="Phone number" withText />
          ) : null}
        </div>
        <ol className="mt-4 grid gap-2 border-t border-line pt-4 text-sm text-muted">
          <Step n={1}>Transfer the airtime from your phone to the number above.</Step>
          <Step n={2}>Take a screenshot of the transfer confirmation.</Step>
          <Step n={3}>Upload it here so we can verify it.</Step>
        </ol>
      </Card>

      <Card>
        <DetailRows
          label="Swap summary"
          rows={[
            { label: 'Network', value: state.network.toUpperCase() },
            { label: 'Amount', value: naira(amount) },
            { label: 'Expected payout', value: naira(payout) },
            ...(state.swapId ? [{ label: 'Swap ID', value: state.swapId }] : []),
          ]}
        />
      </Card>

      <Card
        title="Transfer screenshot"
        aside={
          <span className="text-xs text-muted amount">
            {files.length}/{SWAP_MAX_SCREENSHOTS}
          </span>
        }
      >
        <input
          ref={inputRef}
          id="swap-screenshots"
          type="file"
          accept="image/jpeg,image/jpg,image/png,image/webp"
          multiple
          className="sr-only"
          onChange={(event) => pick(event.target.files)}
        />
        <ul className="grid grid-cols-3 gap-2" aria-label="Chosen screenshots">
          {files.map((picked) => (
            <li key={picked.id}>
              <Preview
                picked={picked}
                onRemove={() => {
                  URL.revokeObjectURL(picked.url);
                  setFiles(files.filter((p) => p.id !== picked.id));
                  setProblem(null);
                }}
              />
            </li>
          ))}
          {files.length < SWAP_MAX_SCREENSHOTS ? (
            <li>
              <label
                htmlFor="swap-screenshots"
                className="flex aspect-[3/4] cursor-pointer flex-col items-center justify-center gap-1.5 rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50/50 text-xs font-semibold text-brand-700 hover:bg-brand-50"
              >
                <CameraIcon size={22} />
                {files.length === 0 ? 'Choose image' : 'Add more'}
              </label>
            </li>
          ) : null}
        </ul>
        <p className="mt-3 text-xs text-muted">
          JPG, PNG or WebP, up to 5MB each, at most {SWAP_MAX_SCREENSHOTS}. Only the first image is
          sent.
        </p>
        {problem ? (
          <p role="alert" className="mt-3 flex items-start gap-2 text-sm text-danger">
            <AlertCircleIcon size={16} className="mt-0.5 shrink-0" />
            {problem}
          </p>
        ) : null}
      </Card>

      <p className="px-2 text-center text-xs text-muted">
        Your cash arrives within 5 minutes after verification.
      </p>
      <NeedHelp />
    </SwapScreen>
  );
}

/** The number to send the airtime to: from the state, else from the customer's swap. */
function useRecipient(state: UploadState): { phone: string | null; loading: boolean } {
  const needsLookup = !state.recipientPhone;
  const swaps = useMySwaps(needsLookup);
  if (!needsLookup) return { phone: state.recipientPhone ?? null, loading: false };
  const swap = swaps.data?.find((s) => s.swapId === state.swapId);
  return { phone: swap?.recipientPhone || null, loading: swaps.isPending };
}

function Step({ n, children }: { n: number; children: string }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
        {n}
      </span>
      <span className="pt-0.5">{children}</span>
    </li>
  );
}

function Preview({ picked, onRemove }: { picked: Picked; onRemove: () => void }) {
  return (
    <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
      <img src={picked.url} alt={picked.file.name} className="size-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${picked.file.name}`}
        className="absolute top-1 right-1 grid size-8 place-items-center rounded-full bg-ink/60 text-white hover:bg-ink/80"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

function UploadDone({ payout }: { payout: number }) {
  const navigate = useNavigate();
  // The upload form's complaints ("Please select at least one screenshot") are settled now.
  useEffect(() => dismissAllToasts(), []);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center bg-surface px-6 text-center">
      <div
        role="status"
        className="w-full animate-pop-in rounded-3xl bg-white px-6 py-8 shadow-card"
      >
        <div className="mx-auto grid size-16 place-items-center rounded-full bg-brand-50 text-brand-600">
          <CheckIcon size={32} strokeWidth={2.4} />
        </div>
        <h1 className="mt-4 text-xl font-bold">{messages.swapUploadSuccessful}</h1>
        <p className="mt-2 text-sm text-muted">
          We're verifying your transfer.{' '}
          <span className="font-semibold text-ink amount">{naira(payout)}</span> will be credited
          within 5 minutes after verification.
        </p>
        <p className="mt-4 text-xs text-muted">Taking you home…</p>
        <Button className="mt-5" onClick={() => navigate('/home', { replace: true })}>
          Go to Home
        </Button>
      </div>
    </main>
  );
}
