import type { UseQueryResult } from '@tanstack/react-query';
import { CheckIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { isApiError } from '../../../lib/api';

interface Owner {
  data: { Customer_Name: string; Address?: string; Current_Bouquet?: string };
}

/**
 * A number's owner under its field: "Checking…", then the name (and address or bouquet). A refusal
 * with the supplier's words becomes the field's error (ownerError); a throttled or unreachable
 * look-up shows nothing here and is asked again on Continue.
 */
export function VerifiedOwner({ query, what }: { query: UseQueryResult<Owner>; what: string }) {
  if (query.isFetching) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner size={14} className="text-brand-600" /> Checking {what}…
      </p>
    );
  }
  if (!query.data || query.isError) return null;
  const { Customer_Name: name, Address: address, Current_Bouquet: bouquet } = query.data.data;
  const detail = address || (bouquet ? `Current bouquet: ${bouquet}` : '');
  return (
    <div
      role="status"
      data-testid="verified-owner"
      className="flex items-start gap-2.5 rounded-2xl bg-brand-50 px-3.5 py-2.5"
    >
      <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
        <CheckIcon size={13} strokeWidth={2.6} />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-brand-800">{name}</span>
        {detail ? <span className="block truncate text-xs text-brand-700/80">{detail}</span> : null}
      </span>
    </div>
  );
}

/** The supplier's refusal of the number ("meter not found"), for the field's error line. */
export function ownerError(query: UseQueryResult<unknown>): string | undefined {
  const error = query.error;
  if (!query.isError || !isApiError(error) || typeof error.status !== 'number') return undefined;
  if (error.status === 429 || error.status >= 500) return undefined;
  return error.serverMessage;
}
