/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong": the server restarting or refusing connections, a connection cut mid-query, the pool
 * unable to connect. The request did not happen (or its transaction rolled back), so the client
 * may simply try again; the HTTP layer answers them 503 with Retry-After, never a 500.
 */

/** Socket failures on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect
 * now), 53300 (too many connections), 25006 (a write reached a server that is read-only: during a
 * failover or switchover the old primary is demoted, or a connection still points at it; nothing
 * was written and the retry reaches the new primary).
 */
const SQLSTATE = /^(08\d{3}|57P0[123]|53300|25006)$/;

/** What node-postgres and its pool say when a connection ends or cannot be made. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** An error and the errors it wraps, outermost first. */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  // Drizzle wraps driver errors (DrizzleQueryError.cause); a few levels are plenty.
  while (current && typeof current === 'object' && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = causes(error);
  // A supplier's HTTP call failing the same way (fetch → ECONNREFUSED) is not the database's.
  if (chain.some((e) => e instanceof TypeError && e.message === 'fetch failed')) return false;
  return chain.some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
    return typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m));
  });
}
