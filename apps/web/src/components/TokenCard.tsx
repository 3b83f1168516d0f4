import { formatToken } from '../lib/transactions';
import { CopyButton } from './CopyButton';

/** The electricity token, prominent and copyable, with the units bought when known. */
export function TokenCard({
  token,
  units,
  testId,
}: {
  token: string;
  units?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-2xl border border-brand-200 bg-brand-50 px-4 pt-1 pb-3 text-left">
      <div className="flex items-center justify-between">
        <p className="text-xs font-medium text-brand-700">Token</p>
        <CopyButton value={token.replace(/[\s-]/g, '')} label="Token" withText className="-mr-3" />
      </div>
      <p
        data-testid={testId}
        className="font-mono text-base font-bold tracking-wide break-words text-ink"
      >
        {formatToken(token)}
      </p>
      {units ? (
        <p className="mt-1 text-sm text-ink">
          Units: <span className="font-semibold amount">{units}</span>
        </p>
      ) : null}
    </div>
  );
}
