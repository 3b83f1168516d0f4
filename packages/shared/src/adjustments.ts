/** Staff credits and debits under four eyes (decision 0047) and refunded orders delivered late. */
export type AdjustmentStatus = 'pending' | 'approved' | 'rejected';
export type AdjustmentDirection = 'credit' | 'debit';
export const ADJUSTMENT_LIST_STATUSES = ['pending', 'decided'] as const;
export type AdjustmentListStatus = (typeof ADJUSTMENT_LIST_STATUSES)[number];

export interface AdjustmentRequestDto {
  _id: string;
  user: { _id: string; email: string; name: string };
  direction: AdjustmentDirection;
  /** Naira. */
  amount: number;
  reason: string;
  status: AdjustmentStatus;
  requestedBy: string;
  requestedById: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string;
  capOverride: boolean;
  /** The history row the approval wrote. */
  reference: string | null;
  /** Set when the request recovers a refunded order the supplier delivered. */
  refundedDeliveryId: string | null;
  /** The wallet now, and the cap of its KYC level (naira). */
  balance: number;
  balanceCap: number;
}

export interface AdjustmentRequestReply {
  success: true;
  message: string;
  data: AdjustmentRequestDto;
}

export interface AdjustmentListReply {
  success: true;
  data: {
    requests: AdjustmentRequestDto[];
    pagination: { currentPage: number; totalPages: number; totalItems: number };
  };
}

export type RefundedDeliveryStatus = 'open' | 'recovery_requested' | 'recovered' | 'written_off';

export interface RefundedDeliveryDto {
  _id: string;
  transactionId: string;
  reference: string;
  description: string;
  user: { _id: string; email: string; name: string };
  supplier: string;
  /** Naira the refund gave back. */
  amount: number;
  detectedAt: string;
  status: RefundedDeliveryStatus;
  resolvedBy: string | null;
  resolvedAt: string | null;
  resolutionReason: string;
}

export interface RefundedDeliveriesReply {
  success: true;
  data: { deliveries: RefundedDeliveryDto[] };
}

export interface RefundedDeliveryReply {
  success: true;
  message: string;
  data: RefundedDeliveryDto;
}

export const ADJUSTMENTS_PAGE_SIZE = 30;
