import { useId, useState, type FormEvent } from 'react';
import { developerMessages as m, type CreatedApiKeyReply } from '@owo/shared/developer-messages';
import { messages } from '@owo/shared/messages';
import { API_KEY_NAME_MAX, type ApiKeyScope } from '@owo/shared/schemas/developer';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { isApiError } from '../../../lib/api';
import { messageOr } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { createApiKey } from '../api/developer-api';
import { ShownOncePanel } from './ShownOncePanel';

type Field = 'name' | 'scopes' | 'allowedIps' | 'webhookUrl';
type Errors = Partial<Record<Field, string>>;

const SCOPES: { scope: ApiKeyScope; label: string }[] = [
  { scope: 'read', label: m.scopeRead },
  { scope: 'purchase', label: m.scopePurchase },
];

/** The server's field problems (`allowedIps.3` is the list's) under their fields. */
function fieldErrorsOf(error: unknown): Errors {
  if (!isApiError(error)) return {};
  const body = error.data as { data?: { errors?: { field?: string; message: string }[] } } | null;
  const found: Errors = {};
  for (const problem of body?.data?.errors ?? []) {
    const field = problem.field?.split('.')[0] as Field | undefined;
    if (field && ['name', 'scopes', 'allowedIps', 'webhookUrl'].includes(field)) {
      found[field] ??= problem.message;
    }
  }
  return found;
}

/** Name, permissions, allowed addresses and webhook; then the key, shown once. */
export function CreateKeySheet({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const ids = { ips: useId(), scopes: useId() };
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [ips, setIps] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyReply['data'] | null>(null);

  const close = () => {
    setName('');
    setScopes(['read']);
    setIps('');
    setWebhookUrl('');
    setErrors({});
    setCreated(null);
    onClose();
  };

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
    setErrors((e) => ({ ...e, scopes: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = m.nameRequired;
    if (scopes.length === 0) found.scopes = m.scopesRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await createApiKey({
        name: name.trim(),
        scopes,
        allowedIps: ips
          .split(/[\n,]/)
          .map((line) => line.trim())
          .filter(Boolean),
        webhookUrl: webhookUrl.trim() || null,
      });
      setCreated(reply.data);
      onCreated();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(messageOr(error, messages.errorOccurred));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <BottomSheet open={open} onClose={close} title={m.shownOnceHeading}>
        <ShownOncePanel secret={created.secret} webhookSecret={created.webhookSecret} />
        <Button className="mt-5" onClick={close}>
          {m.done}
        </Button>
      </BottomSheet>
    );
  }

  return (
    <BottomSheet open={open} onClose={close} title={m.createHeading}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={m.nameLabel}
          placeholder={m.namePlaceholder}
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
        />
        <fieldset aria-describedby={errors.scopes ? `${ids.scopes}-error` : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-ink">{m.scopesLabel}</legend>
          <div className="grid gap-2">
            {SCOPES.map(({ scope, label }) => (
              <label
                key={scope}
                className="flex min-h-12 items-center gap-3 rounded-2xl border border-line bg-white px-4 text-sm font-medium text-ink"
              >
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  className="size-5 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.scopes ? (
            <p id={`${ids.scopes}-error`} role="alert" className="mt-1.5 text-sm text-danger">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor={ids.ips} className="mb-1.5 block text-sm font-medium text-ink">
            {m.allowedIpsLabel}
          </label>
          <textarea
            id={ids.ips}
            value={ips}
            rows={3}
            placeholder="102.89.1.7&#10;10.0.0.0/24"
            spellCheck={false}
            autoCapitalize="off"
            aria-invalid={errors.allowedIps ? true : undefined}
            aria-describedby={`${ids.ips}-${errors.allowedIps ? 'error' : 'hint'}`}
            onChange={(e) => {
              setIps(e.target.value);
              setErrors((x) => ({ ...x, allowedIps: undefined }));
            }}
            className={`w-full resize-none rounded-2xl border bg-white px-4 py-3 font-mono text-sm text-ink placeholder:text-muted focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none ${
              errors.allowedIps ? 'border-danger' : 'border-line'
            }`}
          />
          {errors.allowedIps ? (
            <p id={`${ids.ips}-error`} role="alert" className="mt-1.5 text-sm text-danger">
              {errors.allowedIps}
            </p>
          ) : (
            <p id={`${ids.ips}-hint`} className="mt-1.5 text-xs text-muted">
              {m.allowedIpsHint}
            </p>
          )}
        </div>
        <TextField
          label={m.webhookUrlLabel}
          type="url"
          inputMode="url"
          placeholder="https://"
          autoCapitalize="off"
          value={webhookUrl}
          hint={m.webhookUrlHint}
          onChange={(e) => {
            setWebhookUrl(e.target.value);
            setErrors((x) => ({ ...x, webhookUrl: undefined }));
          }}
          error={errors.webhookUrl}
        />
        <Button type="submit" loading={busy}>
          {m.submit}
        </Button>
      </form>
    </BottomSheet>
  );
}
