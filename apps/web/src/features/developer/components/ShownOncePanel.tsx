import { developerMessages as m } from '@owo/shared/developer-messages';
import { CopyButton } from '../../../components/CopyButton';

function SecretRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl bg-surface px-4 py-3">
      <p className="text-xs font-medium text-muted">{label}</p>
      <div className="mt-1 flex items-center gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 font-mono text-sm break-all text-ink">
          {value}
        </code>
        <CopyButton value={value} label={label} withText />
      </div>
    </div>
  );
}

/** The new key and its webhook secret, with the warning that the key is never shown again. */
export function ShownOncePanel({
  secret,
  webhookSecret,
}: {
  secret: string;
  webhookSecret: string;
}) {
  return (
    <div className="grid gap-3">
      <p
        role="alert"
        className="rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-700"
      >
        {m.shownOnceWarning}
      </p>
      <SecretRow label={m.keyLabel} value={secret} testId="new-api-key" />
      <SecretRow label={m.webhookSecretLabel} value={webhookSecret} testId="new-webhook-secret" />
    </div>
  );
}
