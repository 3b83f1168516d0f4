/**
 * Funding the wallet by bank transfer (spec §4 Deposit). A KYC-verified customer pays into the
 * virtual account (POST deposit); anyone else gets a one-off PalmPay checkout account (POST
 * deposit/bank-transfer). Both end as the same payment details, so one sheet and one screen show
 * either.
 */
import { FUNDING_COUNTDOWN_S } from '@owo/shared/constants';
import type {
  CheckoutDepositReply,
  DepositStatusReply,
  VirtualDepositReply,
} from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { apiRequest, isApiError, newIdempotencyKey } from '../api';
import { useSession } from '../session-store';

/** What the payment-details sheet and the /deposit screen show and check. */
export interface PaymentDetails {
  /** Our deposit id: the status check reads it. */
  depositId: string;
  /** PalmPay's session id (checkout only): the fallback status check. */
  sessionId: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** Naira. */
  amountToPay: number;
  /**
   * A verified customer's permanent account: it never expires, so no countdown is shown and no
   * check runs at a deadline (decision 0057).
   */
  permanent: boolean;
  /**
   * When the countdown reaches zero, on this device's clock (Date.now() at the reply plus the
   * spec's 600 s): the server's expiresAt is on another clock, which may be minutes off.
   */
  deadline: number;
}

/** POST deposit (verified) or POST deposit/bank-transfer (everyone else). */
export async function startDeposit(
  amountNaira: number,
  verified: boolean,
): Promise<PaymentDetails> {
  const request = { method: 'POST' as const, body: { amount: amountNaira } };
  const deadline = () => Date.now() + FUNDING_COUNTDOWN_S * 1000;
  if (verified) {
    const { data } = await apiRequest<VirtualDepositReply>('/deposit', {
      ...request,
      idempotencyKey: newIdempotencyKey(),
    });
    return {
      depositId: data._id,
      sessionId: '',
      bankName: data.bankName,
      accountNumber: data.virtualAccountNo,
      accountName: data.virtualAccountName,
      amountToPay: data.amount,
      permanent: true,
      deadline: deadline(),
    };
  }
  const { data } = await apiRequest<CheckoutDepositReply>('/deposit/bank-transfer', {
    ...request,
    idempotencyKey: newIdempotencyKey(),
  });
  return {
    depositId: data._id,
    sessionId: data.sdkSessionId,
    bankName: data.payerBankName,
    accountNumber: data.payerVirtualAccNo,
    accountName: data.payerAccountName || data.merchantName,
    amountToPay: data.amount,
    permanent: false,
    deadline: deadline(),
  };
}

/** Spec §8: a gateway timeout asks the customer to sign in again; anything else says the server's words. */
export function depositErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 504) return messages.depositGatewayError;
    if (error.serverMessage) return error.serverMessage;
  }
  return messages.genericError;
}

/** The status path: by our id when we have it, else by PalmPay's session id. */
function statusPath(details: Pick<PaymentDetails, 'depositId' | 'sessionId'>): string {
  return details.depositId
    ? `/deposit/${encodeURIComponent(details.depositId)}/status`
    : `/deposit/session/${encodeURIComponent(details.sessionId)}`;
}

export function fetchDepositStatus(
  details: Pick<PaymentDetails, 'depositId' | 'sessionId'>,
  signal?: AbortSignal,
) {
  return apiRequest<DepositStatusReply>(statusPath(details), { signal });
}

/**
 * The status check when the page goes away (spec §4 "when the page is unloaded"). A keepalive
 * fetch outlives the page and, unlike sendBeacon, can carry the bearer token; the server's check
 * also asks PalmPay, so a payment that arrived without its webhook is still credited.
 */
export function pingDepositStatus(details: Pick<PaymentDetails, 'depositId' | 'sessionId'>): void {
  const token = useSession.getState().auth.token;
  if (!token) return;
  try {
    void fetch(`/api${statusPath(details)}`, {
      method: 'GET',
      keepalive: true,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive support throws synchronously: nothing else to do on unload.
  }
}

export type AmountCheck = { ok: true; amount: number } | { ok: false; error: string };

/**
 * The shared deposit rule (amount required, PalmPay's ₦100 minimum). The schema, and zod with
 * it, load on the first "Fund your Wallet" so the home screen's bundle stays free of zod.
 */
export async function validateDepositAmount(text: string): Promise<AmountCheck> {
  const { depositSchema } = await import('@owo/shared/schemas/deposits');
  const parsed = depositSchema.safeParse({ amount: text });
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues[0]?.message ?? messages.invalidAmount };
  return { ok: true, amount: parsed.data.amount / 100 };
}
