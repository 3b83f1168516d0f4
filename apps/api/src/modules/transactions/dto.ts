import type { TransactionDto, TransactionMetadata } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import type { TransactionRow } from './repository';

/** What the spec's Transaction shape is made of. */
export type HistoryFields = Pick<
  TransactionRow,
  | 'id'
  | 'type'
  | 'serviceType'
  | 'amountKobo'
  | 'status'
  | 'reference'
  | 'description'
  | 'createdAt'
  | 'metadata'
>;

/** The spec's Transaction shape: naira at the edge, kobo inside. */
export function toTransactionDto(row: HistoryFields): TransactionDto {
  return {
    _id: row.id,
    type: row.type,
    serviceType: row.serviceType as TransactionDto['serviceType'],
    currency: 'NGN',
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    reference: row.reference,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    metadata: row.metadata as TransactionMetadata,
  };
}
