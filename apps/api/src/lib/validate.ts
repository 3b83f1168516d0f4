import { z } from 'zod';
import { AppError } from '../errors';

/** How an unknown field is named back: short, so a 10 kB key is not echoed (found by the fuzzer). */
const fieldLabel = (key: string) => (key.length > 40 ? `${key.slice(0, 40)}…` : key);

/**
 * Words for the rules a schema states without its own message (zod's defaults read "Invalid
 * input: expected number, received NaN"). A schema's own message always wins over these.
 */
const plainWords: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.length ? fieldLabel(issue.path.join('.')) : 'This value';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${field} is required.`
        : `${field} must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}.`;
    case 'too_big':
      return issue.origin === 'string' ? `${field} is too long.` : `${field} is too large.`;
    case 'too_small':
      return issue.origin === 'string' ? `${field} is too short.` : `${field} is too small.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.slice(0, 8).join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
};

/**
 * Parses a request part with a shared schema; the first problem becomes the reply's message. Any
 * zod schema is taken: the shared ones are zod/mini (for the web bundle), the API's own classic.
 */
export function parse<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input ?? {}, { error: plainWords });
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
        ? `Unknown field: ${issue.keys.slice(0, 3).map(fieldLabel).join(', ')}`
        : issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', { message: errors[0]?.message, errors });
}
