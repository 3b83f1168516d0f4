import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import type { AppError } from '../errors';
import { parse } from './validate';

/**
 * Types each route's request parts from the zod schemas it declares: `request.body`,
 * `request.query` and `request.params` are what the schema outputs (defaults, coercions and
 * transforms applied), because the validator below replaces them with that output. Replies are
 * typed from the declared response schemas' input. Our own ten lines, not fastify-type-provider-zod:
 * its validator answers with its own error shape, and the spec's wording is ours (decision 0071).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown;
}

/** The instance route modules register on: fastify with the zod type provider. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A schema part whose failure answers something other than VALIDATION_FAILED. */
const refusals = new WeakMap<z.core.$ZodType, () => AppError>();

/**
 * Declares what a request part answers when it does not fit `schema`. A malformed id names
 * nothing, so it answers the same 404 as an unknown one (the spec's words), not a 400.
 */
export function refusedAs<T extends z.core.$ZodType>(schema: T, refusal: () => AppError): T {
  refusals.set(schema, refusal);
  return schema;
}

/**
 * Fastify's validator for every route: the route's own zod schema, worded by parse() exactly as
 * the handlers used to word it by hand, and the parsed output put in place of the raw part. A
 * schema part that is not zod is a programming error, refused when the route is registered.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.core.$ZodType))
    throw new Error(`${method} ${url}: a route schema part must be a zod schema`);
  const refusal = refusals.get(schema);
  return (input: unknown) => {
    if (refusal) {
      const result = z.safeParse(schema, input ?? {});
      return result.success ? { value: result.data } : { error: refusal() };
    }
    try {
      return { value: parse(schema, input) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};
