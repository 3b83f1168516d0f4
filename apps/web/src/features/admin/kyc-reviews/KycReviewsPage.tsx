import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { KycReviewDto } from '@owo/shared/api-types';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { CheckIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { TextField } from '../../../components/TextField';
import { messageOr } from '../../../lib/api-errors';
import { isAdmin, useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { decideReview, useKycReviews } from './kyc-reviews-api';

type Open = { action: 'approve' | 'reject'; review: KycReviewDto };

const dateGB = (iso: string) =>
  iso
    ? new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : 'Not given';

/**
 * KYC reviews (/admin/kyc-reviews, decision 0055): NIN/BVN checks refused because the holder's
 * name or date of birth did not match the profile. Staff read them; an admin approves (the
 * customer is verified and their limits rise) or rejects, with a reason for the audit log.
 */
export function KycReviewsPage() {
  const client = useQueryClient();
  const canDecide = useSession((s) => isAdmin(s.user));
  const reviews = useKycReviews();
  const [open, setOpen] = useState<Open | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = reviews.data?.data ?? [];

  const close = () => {
    setOpen(null);
    setReason('');
    setError(null);
  };
  const confirm = async () => {
    if (!open || busy) return;
    if (!reason.trim()) {
      setError('Please give a reason');
      return;
    }
    setBusy(true);
    try {
      const reply = await decideReview(client, open.review._id, open.action, reason.trim());
      toast.success(reply.message);
      close();
    } catch (failure) {
      setError(messageOr(failure, 'Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title="KYC reviews" backTo="/admin/dashboard" />
      </div>
      <section aria-labelledby="kyc-reviews-title" className="grid gap-3 px-5 pt-1">
        <h2 id="kyc-reviews-title" className="text-base font-semibold">
          Name or date of birth did not match
        </h2>
        <p className="text-sm text-muted">
          The code was right, but the NIN or BVN belongs to a name or birthday other than the
          profile&apos;s. Approve only when you are sure it is the same person.
        </p>
        {reviews.isPending ? (
          <p className="rounded-3xl bg-white p-4 text-sm text-muted shadow-card">Loading…</p>
        ) : reviews.isError && !reviews.data ? (
          <div className="rounded-3xl bg-white p-4 text-sm shadow-card">
            <p className="mb-3 text-danger">Could not load the reviews.</p>
            <Button variant="outline" onClick={() => void reviews.refetch()}>
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<CheckIcon size={26} />}
            title="Nothing to review"
            text="Every identity check matched its profile."
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {items.map((review) => (
              <li key={review._id}>
                <ReviewCard
                  review={review}
                  canDecide={canDecide}
                  onDecide={(action) => setOpen({ action, review })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Dialog
        open={open !== null}
        onClose={close}
        tone={open?.action === 'approve' ? 'accent' : 'danger'}
        icon={<AlertCircleIcon size={26} />}
        title={
          open?.action === 'approve' ? 'Approve this verification?' : 'Reject this verification?'
        }
        actions={
          <>
            <Button variant="outline" className="flex-1" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={open?.action === 'approve' ? 'primary' : 'danger'}
              className="flex-1"
              loading={busy}
              onClick={() => void confirm()}
            >
              {open?.action === 'approve' ? 'Approve' : 'Reject'}
            </Button>
          </>
        }
      >
        <p className="mb-3">
          {open?.action === 'approve'
            ? `${open.review.user.email} will be verified and their limits raised.`
            : 'The customer stays unverified; they can correct their profile and try again.'}
        </p>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          maxLength={500}
        />
      </Dialog>
    </main>
  );
}

function Row({
  label,
  profile,
  id,
  differs,
}: {
  label: string;
  profile: string;
  id: string;
  differs: boolean;
}) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr_1fr] items-start gap-2 py-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{profile || '—'}</dd>
      <dd className={`min-w-0 break-words font-medium ${differs ? 'text-danger' : ''}`}>
        {id || '—'}
      </dd>
    </div>
  );
}

function ReviewCard({
  review,
  canDecide,
  onDecide,
}: {
  review: KycReviewDto;
  canDecide: boolean;
  onDecide: (action: 'approve' | 'reject') => void;
}) {
  return (
    <article
      aria-label={`KYC review for ${review.user.email}`}
      className="rounded-3xl bg-white p-4 shadow-card"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="min-w-0 truncate font-semibold">{review.user.email}</p>
        <span className="shrink-0 rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger">
          {review.mismatch === 'name' ? 'Name mismatch' : 'Birthday mismatch'}
        </span>
      </div>
      <p className="text-xs text-muted">
        {review.type} ••••{review.numberHint} ·{' '}
        {new Date(review.createdAt).toLocaleString('en-GB', {
          day: '2-digit',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        })}
      </p>
      <dl className="mt-2 divide-y divide-line">
        <div className="grid grid-cols-[5.5rem_1fr_1fr] gap-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
          <span />
          <span>Profile</span>
          <span>{review.type} holder</span>
        </div>
        <Row
          label="Name"
          profile={review.profileName}
          id={review.holderName}
          differs={review.mismatch === 'name'}
        />
        <Row
          label="Born"
          profile={dateGB(review.profileBirthDate)}
          id={dateGB(review.holderBirthDate)}
          differs={review.mismatch === 'birthDate'}
        />
      </dl>
      {review.user.isKYCVerified ? (
        <p className="mt-2 text-xs text-muted">Verified since with another number.</p>
      ) : null}
      {canDecide ? (
        <div className="mt-3 grid grid-cols-2 gap-3">
          <Button variant="danger" onClick={() => onDecide('reject')}>
            Reject
          </Button>
          <Button onClick={() => onDecide('approve')} disabled={review.user.isKYCVerified}>
            Approve
          </Button>
        </div>
      ) : null}
    </article>
  );
}
