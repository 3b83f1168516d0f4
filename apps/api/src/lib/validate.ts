import type { z } from 'zod';
import { AppError } from '../errors';

/** Parses a request part with a shared schema; the first problem becomes the reply's message. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || undefined,
    message: issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', { message: errors[0]?.message, errors });
}
