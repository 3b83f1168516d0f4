import { z } from 'zod/mini';
import { dataReply } from './common';

/** POST user/set-transaction-pin: the PIN is set. */
export const setPinReplySchema = dataReply(z.object({ hasSetTransactionPin: z.boolean() }));
