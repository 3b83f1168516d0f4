/**
 * What the airtime-to-cash screens hand each other through navigation state (spec 02 §2): the
 * form → /screenshot-upload, the home card → /pending-swap → /screenshot-upload.
 */
import type { SwapDto } from '@owo/shared/api-types';

export interface UploadState {
  swapId: string;
  network: string;
  /** Naira, as text (the spec's shape). */
  airtimeAmount: string;
  /** Naira; absent → the page's fallback factor. */
  expectedPayout?: number;
  /** Where to send the airtime; absent when coming from the pending swap (looked up then). */
  recipientPhone?: string;
  /** Empty when coming from the pending swap. */
  paymentMethod: 'wallet' | 'bank' | '';
  screenshotUploaded: boolean;
}

export interface PendingSwapState {
  pendingSwap: SwapDto;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The upload state when it is usable; null sends the customer back to start over. */
export function readUploadState(state: unknown): UploadState | null {
  if (!isRecord(state) || typeof state.network !== 'string') return null;
  const amount = Number(state.airtimeAmount);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const payout = Number(state.expectedPayout);
  const method = state.paymentMethod;
  return {
    swapId: typeof state.swapId === 'string' ? state.swapId : '',
    network: state.network,
    airtimeAmount: String(state.airtimeAmount),
    expectedPayout:
      state.expectedPayout !== undefined && Number.isFinite(payout) && payout > 0
        ? payout
        : undefined,
    recipientPhone:
      typeof state.recipientPhone === 'string' && state.recipientPhone
        ? state.recipientPhone
        : undefined,
    paymentMethod: method === 'wallet' || method === 'bank' ? method : '',
    screenshotUploaded: state.screenshotUploaded === true,
  };
}

export function readPendingSwapState(state: unknown): SwapDto | null {
  if (!isRecord(state) || !isRecord(state.pendingSwap)) return null;
  const swap = state.pendingSwap as Partial<SwapDto>;
  return typeof swap.swapId === 'string' && swap.amount !== undefined ? (swap as SwapDto) : null;
}

/** The upload page's state for a pending swap (spec 02 §2: paymentMethod empty). */
export function uploadStateFromSwap(swap: SwapDto, expectedPayout: number): UploadState {
  return {
    swapId: swap.swapId,
    network: swap.network,
    airtimeAmount: String(swap.amount),
    expectedPayout,
    recipientPhone: swap.recipientPhone || undefined,
    paymentMethod: '',
    screenshotUploaded: swap.screenshotUploaded === true,
  };
}
