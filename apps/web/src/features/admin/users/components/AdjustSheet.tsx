import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { parseNairaToKobo } from '@owo/shared/money';
import { BottomSheet } from '../../../../components/BottomSheet';
import { Button } from '../../../../components/Button';
import { TextField } from '../../../../components/TextField';
import { newIdempotencyKey } from '../../../../lib/api';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { naira } from '../../shared/format';
import { adminUsersKey, moveMoney } from '../api/admin-users-api';
import { ReasonField } from './ReasonField';

/** The server's limit on a credit's reason (adjustments/routes.ts). */
const ADJUSTMENT_REASON_MAX = 200;

/**
 * Credit or debit a wallet: an amount and a reason. It files a request that a second admin
 * approves on the Approvals screen (decision 0047); nothing moves here. The server's refusals
 * (own wallet, ceiling, daily total) are shown here; one key per opened sheet, so a retry files
 * once.
 */
export function AdjustSheet({
  userId,
  direction,
  balance,
  onClose,
}: {
  userId: string;
  direction: 'credit' | 'debit';
  balance: number;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [key] = useState(newIdempotencyKey);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      moveMoney(userId, direction, body, key),
    onSuccess: (reply) => {
      toast.success(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      onClose();
    },
    onError: (error) => setErrors({ form: messageOr(error, 'Something went wrong') }),
  });
  const submit = () => {
    const kobo = parseNairaToKobo(amount);
    const next = {
      amount: kobo && kobo > 0 ? undefined : m.amountRequired,
      reason: reason.trim() ? undefined : m.reasonRequired,
    };
    setErrors(next);
    if (next.amount || next.reason || !kobo) return;
    mutation.mutate({ amount: kobo / 100, reason: reason.trim() });
  };
  const title = direction === 'credit' ? m.creditTitle : m.debitTitle;
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={title}
      description={
        <>
          {m.balance}: <span className="amount font-semibold text-ink">{naira(balance)}</span>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={m.amountLabel}
          inputMode="decimal"
          autoComplete="off"
          leading={<span className="text-muted">₦</span>}
          value={amount}
          error={errors.amount}
          onChange={(event) => {
            setAmount(event.target.value.replace(/[^\d.,]/g, ''));
            setErrors((e) => ({ ...e, amount: undefined, form: undefined }));
          }}
        />
        <ReasonField
          value={reason}
          maxLength={ADJUSTMENT_REASON_MAX}
          error={errors.reason ?? null}
          onChange={(text) => {
            setReason(text);
            setErrors((e) => ({ ...e, reason: undefined, form: undefined }));
          }}
        />
        {errors.form ? (
          <p role="alert" className="rounded-2xl bg-red-50 px-3 py-2 text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" loading={mutation.isPending}>
          {direction === 'credit' ? m.credit : m.debit}
        </Button>
      </form>
    </BottomSheet>
  );
}
