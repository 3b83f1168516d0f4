import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for the errors a failover gives: a cut connection, a shutdown, a read-only server', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    // A write that reached the demoted primary: nothing was written.
    const readOnly = pgError('25006', 'cannot execute INSERT in a read-only transaction');
    expect(
      isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: readOnly })),
    ).toBe(true);
  });

  it('is false for a request that is wrong, and for a supplier call that failed', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('40001', 'could not serialize'))).toBe(false);
    const fetchFailed = Object.assign(new TypeError('fetch failed'), {
      cause: pgError('ECONNREFUSED'),
    });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
  });
});
