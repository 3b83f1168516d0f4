import { developerMessages as m, type ApiKeyDto } from '@owo/shared/developer-messages';
import { lastUsedLabel } from '../api/last-used';

const badge = 'shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold';

/** One key: name, prefix, mode, permissions, last use, and Revoke while it is live. */
export function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyDto; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="api-key-row">
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className={`truncate font-medium ${revoked ? 'text-muted' : ''}`}>
            {apiKey.name}
          </span>
          {apiKey.mode === 'test' ? (
            <span className={`${badge} bg-amber-50 text-amber-700`}>{m.testBadge}</span>
          ) : (
            <span className={`${badge} bg-brand-50 text-brand-700`}>{m.liveBadge}</span>
          )}
          {revoked ? (
            <span className={`${badge} bg-danger/10 text-danger`}>{m.revokedBadge}</span>
          ) : null}
        </span>
        <span className="mt-0.5 block font-mono text-xs text-ink">{apiKey.prefix}…</span>
        <span className="mt-0.5 block text-xs text-muted">
          {apiKey.scopes.map((s) => (s === 'read' ? 'Read' : 'Purchase')).join(' · ')}
          {' · '}
          {lastUsedLabel(apiKey)}
        </span>
      </span>
      {revoked ? null : (
        <button
          type="button"
          onClick={onRevoke}
          aria-label={`${m.revoke} ${apiKey.name}`}
          className="-mr-2 min-h-11 shrink-0 rounded-full px-2 text-sm font-semibold text-danger hover:bg-danger/10"
        >
          {m.revoke}
        </button>
      )}
    </li>
  );
}
