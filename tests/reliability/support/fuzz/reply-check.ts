import { errorCatalogue } from '../../../../apps/api/src/errors';

/** Words that mean a reply leaked internals instead of telling the client what was wrong. */
const INTERNALS =
  /\bat \S+ \(|node_modules|stack|Error:|ZodError|FST_|SQLSTATE|postgres|pglite|relation "|column "|syntax error|duplicate key|violates|invalid input syntax|\[object Object\]|undefined|NaN/i;

/** A refusal message longer than this echoes the input rather than explaining the problem. */
export const MAX_MESSAGE_LENGTH = 300;

/**
 * What is wrong with a 4xx reply, or null when it is clear: our error body (errors.ts errorBody)
 * with a catalogue code and a short human message, no internals.
 */
export function unclearRefusal(status: number, body: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 120)}`;
  }
  const reply = json as { success?: unknown; code?: unknown; message?: unknown; data?: unknown };
  if (reply.success !== false) return 'success is not false';
  if (typeof reply.code !== 'string' || !(reply.code in errorCatalogue))
    return `code ${JSON.stringify(reply.code)} is not in the error catalogue`;
  const catalogued = errorCatalogue[reply.code as keyof typeof errorCatalogue].status;
  if (catalogued !== status) return `code ${reply.code} is ${catalogued}, answered ${status}`;
  const message = reply.message;
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  if (message.length > MAX_MESSAGE_LENGTH)
    return `message of ${message.length} characters: ${message.slice(0, 80)}…`;
  if (INTERNALS.test(message)) return `message shows internals: ${message}`;
  if ((reply.data as { message?: unknown } | undefined)?.message !== message)
    return 'data.message differs from message';
  return null;
}
