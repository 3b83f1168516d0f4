import type { z } from 'zod/mini';
import type {
  AuthReply,
  PurchaseReply,
  TransactionsReply,
  TransferReply,
  UserDto,
} from '@owo/shared/api-types';
import { authReplySchema, userReplySchema } from '@owo/shared/replies/account';
import {
  historyPageReplySchema,
  purchaseReplySchema,
  transferReplySchema,
} from '@owo/shared/replies/transactions';

/**
 * The shared reply schemas (packages/shared/src/replies) checked against their types in
 * api-types.ts, so the two cannot drift: a field added to one side only fails typecheck.
 */

/** Every field required, at every depth: an optional field on one side only then counts. */
type DeepRequired<T> = T extends readonly (infer E)[]
  ? DeepRequired<E>[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<T[K]> }
    : T;
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** True when each type is assignable to the other, also with every field required. */
type Same<A, B> =
  Assignable<A, B> extends true ? Assignable<DeepRequired<A>, DeepRequired<B>> : false;

/** Fails typecheck when a reply schema and its type in api-types.ts disagree, either way. */
export const replyTypesAgree: {
  user: Same<z.output<typeof userReplySchema>, { success: true; message: string; data: UserDto }>;
  auth: Same<z.output<typeof authReplySchema>, AuthReply>;
  purchase: Same<z.output<typeof purchaseReplySchema>, PurchaseReply>;
  historyPage: Same<z.output<typeof historyPageReplySchema>, TransactionsReply>;
  transfer: Same<z.output<typeof transferReplySchema>, TransferReply>;
} = { user: true, auth: true, purchase: true, historyPage: true, transfer: true };
