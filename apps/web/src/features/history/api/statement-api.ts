/** A month's statement (GET /transactions/statement?month=YYYY-MM): a CSV file, not JSON. */
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session-store';

export interface StatementFile {
  blob: Blob;
  fileName: string;
}

/** "2026-11" for November 2026. */
export const statementMonth = (year: number, month: number) =>
  `${year}-${String(month).padStart(2, '0')}`;

function fileNameOf(disposition: string | null, month: string): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `statement-${month}.csv`;
}

/** Fetched with the session's bearer token, which a plain link could not send. */
export async function fetchStatement(month: string): Promise<StatementFile> {
  const token = useSession.getState().auth.token;
  let response: Response;
  try {
    response = await fetch(`/api/transactions/statement?month=${encodeURIComponent(month)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError('FETCH_ERROR', null, String(error));
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, data, `HTTP ${response.status}`);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), month),
  };
}
