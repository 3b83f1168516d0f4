import { z } from 'zod/mini';

/**
 * Two pieces of classic zod that zod/mini leaves out, rebuilt the way classic builds them so the
 * shared schemas behave as they did before they moved to zod/mini.
 */

/**
 * Refuses a value inside a transform: mini's transforms get the bare parse payload, without the
 * ctx.addIssue classic adds, so the issue is recorded as classic's addIssue records it (code
 * 'custom', the value as input). Returns z.NEVER for the transform to return.
 */
export function refuse(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

/**
 * classic's z.preprocess: a pipe from a transform into the schema. (z.pipe's types want the
 * schema to accept the transform's output, which a generic schema cannot promise; classic's
 * preprocess is typed the same loose way.)
 */
export function preprocess<U extends z.core.SomeType>(
  fn: (value: unknown) => unknown,
  schema: U,
): z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, U> {
  return z.pipe(z.transform(fn), schema as unknown as z.core.$ZodType) as unknown as z.ZodMiniPipe<
    z.ZodMiniTransform<unknown, unknown>,
    U
  >;
}
