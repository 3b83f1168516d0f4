import { z } from 'zod';

/**
 * A route schema part is one of the shared zod schemas (fastify's own JSON schemas are not used).
 * Checked against zod's core type: the shared schemas are zod/mini, which classic's z.ZodType
 * does not recognise.
 */
export function isZodSchema(value: unknown): value is z.core.$ZodType {
  return value instanceof z.core.$ZodType;
}

/**
 * The JSON schema of what a client sends (io 'input': before defaults and coercion), as OpenAPI
 * 3.1 reads it. Rules JSON schema cannot state (refinements, transforms) are left out: the
 * document then says less than the handler checks, never more.
 */
export function toJsonSchema(
  schema: z.core.$ZodType,
  io: 'input' | 'output',
): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
