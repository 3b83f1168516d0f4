import { z } from 'zod/mini';

/**
 * Reply schemas shared by the API (which declares them on its routes and checks its replies
 * against them in tests) and the web (which reads their types). zod/mini, like the request
 * schemas, so the web bundle stays small. Replies are sent with plain JSON.stringify, never
 * reshaped by these (decision 0071).
 */

/** `data.pin` of a wrong-PIN reply (decision 0058). */
export const pinStandingSchema = z.object({
  attemptsLeft: z.number(),
  lockedUntil: z.nullable(z.string()),
});

/**
 * Every refusal: the error catalogue's code, its message (or the first problem of a body), and
 * `data` repeating the message with the field problems and, for a wrong PIN, the PIN standing.
 */
export const errorReplySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  data: z.object({
    message: z.string(),
    errors: z.optional(z.array(z.object({ field: z.optional(z.string()), message: z.string() }))),
    pin: z.optional(pinStandingSchema),
  }),
});

/** A reply that only says it worked: `{ success: true, message }`. */
export const messageReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** `{ success: true, message, data }` around one value. */
export const dataReply = <T extends z.core.$ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

/** `{ success: true, message, data: [...] }`: a list (ListReply in api-types). */
export const listReply = <T extends z.core.$ZodType>(item: T) => dataReply(z.array(item));
