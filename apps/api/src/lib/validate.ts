import type { z } from 'zod';
import { AppError } from '../errors';

/** Parses a request part with a shared schema; the first problem becomes the reply's message. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  // A body that is not an object at all (a bare string, an array) gets our own words.
  const notAnObject = result.error.issues.some(
    (issue) => issue.path.length === 0 && issue.code === 'invalid_type',
  );
  if (notAnObject)
    throw new AppError('VALIDATION_FAILED', { message: 'The request body must be a JSON object.' });
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || undefined,
    message:
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${issue.keys.join(', ')}`
        : issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', { message: errors[0]?.message, errors });
}
