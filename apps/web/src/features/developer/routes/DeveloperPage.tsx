import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { developerMessages as m, type ApiKeyDto } from '@owo/shared/developer-messages';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ChevronRightIcon, PlusIcon, ShieldIcon } from '../../../components/icons';
import { CodeIcon } from '../../../components/more-icons';
import { ScreenLayout } from '../../../components/ScreenLayout';
import { Skeleton } from '../../../components/Skeleton';
import { messageOr } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { apiKeysKey, listApiKeys, revokeApiKey } from '../api/developer-api';
import { CreateKeySheet } from '../components/CreateKeySheet';
import { KeyRow } from '../components/KeyRow';

/** Where the public API's reference is served (the API process, not the app's router). */
const API_DOCS_URL = '/api/v1/docs/';

/** Profile → Developer: the customer's API keys (decision 0087). */
export function DeveloperPage() {
  useCurrentUser();
  const verified = useSession((s) => s.user.isKYCVerified);
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeysKey, queryFn: listApiKeys });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: apiKeysKey });

  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (reply) => {
      toast.success(reply.message);
      setRevoking(null);
      refresh();
    },
    onError: (error) => {
      toast.error(messageOr(error, messages.errorOccurred));
      refresh();
    },
  });

  const list = keys.data?.data ?? [];

  return (
    <ScreenLayout title={m.title} backTo="/profile">
      <div className="px-5 pt-2 pb-10">
        <section className="rounded-3xl bg-white p-5 shadow-card">
          <span className="grid size-11 place-items-center rounded-full bg-brand-50 text-brand-700">
            <CodeIcon size={22} />
          </span>
          <p className="mt-3 text-sm text-ink">{m.intro}</p>
          <a
            href={API_DOCS_URL}
            className="mt-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            {m.docsLink}
            <ChevronRightIcon size={16} />
          </a>
        </section>

        {verified ? null : (
          <section
            aria-labelledby="verify-heading"
            className="mt-4 rounded-3xl bg-amber-50 p-5 text-amber-700"
          >
            <h2 id="verify-heading" className="flex items-center gap-2 font-semibold">
              <ShieldIcon size={20} />
              {m.unverifiedHeading}
            </h2>
            <p className="mt-1 text-sm">{m.unverifiedBody}</p>
            <Link
              to="/verification/update"
              className="mt-3 inline-flex min-h-11 items-center gap-1 rounded-2xl bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {m.unverifiedAction}
              <ChevronRightIcon size={16} />
            </Link>
          </section>
        )}

        <section aria-labelledby="keys-heading" className="mt-6">
          <h2 id="keys-heading" className="px-1 pb-2 text-sm font-semibold text-muted">
            {m.keysHeading}
          </h2>
          <div className="overflow-hidden rounded-3xl bg-white shadow-card">
            {keys.isPending ? (
              <div className="grid gap-4 p-4" aria-label="Loading API keys">
                {[0, 1].map((i) => (
                  <div key={i} className="grid gap-2">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-3 w-56" />
                  </div>
                ))}
              </div>
            ) : keys.isError ? (
              <div className="grid gap-3 p-4 text-sm text-muted">
                <p>{messageOr(keys.error, m.loadFailed)}</p>
                <Button variant="outline" onClick={() => void keys.refetch()}>
                  {m.retry}
                </Button>
              </div>
            ) : list.length === 0 ? (
              <p className="p-4 text-sm text-muted">{m.noKeys}</p>
            ) : (
              <ul className="divide-y divide-line" aria-label={m.keysHeading}>
                {list.map((key) => (
                  <KeyRow key={key._id} apiKey={key} onRevoke={() => setRevoking(key)} />
                ))}
              </ul>
            )}
          </div>
        </section>

        {verified ? (
          <Button className="mt-4" icon={<PlusIcon size={18} />} onClick={() => setCreating(true)}>
            {m.createKey}
          </Button>
        ) : null}

        {list.length > 0 ? (
          <Link
            to="/profile/developer/webhooks"
            className="mt-6 flex min-h-14 items-center justify-between gap-3 rounded-3xl bg-white px-5 py-3 shadow-card hover:bg-surface"
          >
            <span>
              <span className="block font-semibold text-ink">{m.webhooksLink}</span>
              <span className="block text-sm text-muted">{m.webhooksHint}</span>
            </span>
            <ChevronRightIcon size={18} />
          </Link>
        ) : null}
      </div>

      <CreateKeySheet open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={m.revokeTitle}
        tone="danger"
        actions={
          <div className="grid gap-3">
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking._id)}
            >
              {m.revokeConfirm}
            </Button>
            <Button variant="outline" onClick={() => setRevoking(null)}>
              {m.cancel}
            </Button>
          </div>
        }
      >
        <p>
          <strong>{revoking?.name}</strong>: {m.revokeBody}
        </p>
      </Dialog>
    </ScreenLayout>
  );
}
