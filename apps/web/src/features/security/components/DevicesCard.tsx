import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '@owo/shared/security';
import { messages } from '@owo/shared/messages';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { LogOutIcon, PhoneIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/Skeleton';
import { messageOr } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { deviceName, isMobile, lastSeenLabel } from '../api/device-name';
import { listSessions, sessionsKey, signOutOthers, signOutSession } from '../api/security-api';

function ComputerIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <rect x="3" y="4" width="18" height="12" rx="2" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8 20h8M12 16v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function DeviceRow({ session, onSignOut }: { session: SessionDto; onSignOut?: () => void }) {
  const Icon = isMobile(session.userAgent) ? PhoneIcon : ComputerIcon;
  return (
    <li className="flex min-h-16 items-center gap-3 px-4 py-3" data-testid="device-row">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
        <Icon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium">{deviceName(session.userAgent)}</span>
          {session.current ? (
            <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-semibold text-brand-700">
              This device
            </span>
          ) : null}
        </span>
        <span className="block text-xs text-muted">
          {session.current ? 'Active now' : lastSeenLabel(session.lastSeenAt)}
        </span>
      </span>
      {onSignOut ? (
        <button
          type="button"
          onClick={onSignOut}
          aria-label={`Sign out ${deviceName(session.userAgent)}`}
          className="-mr-2 min-h-11 shrink-0 rounded-full px-2 text-sm font-semibold text-danger hover:bg-danger/10"
        >
          Sign out
        </button>
      ) : null}
    </li>
  );
}

/** The signed-in devices, this one first, with "Sign out everywhere" for the others. */
export function DevicesCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: listSessions });
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionsKey });

  const everywhere = useMutation({
    mutationFn: signOutOthers,
    onSuccess: (reply) => {
      toast.success(reply.message);
      setConfirming(false);
      refresh();
    },
    onError: (error) => toast.error(messageOr(error, messages.errorOccurred)),
  });
  const one = useMutation({
    mutationFn: signOutSession,
    onSuccess: (reply) => {
      toast.success(reply.message);
      refresh();
    },
    onError: (error) => {
      toast.error(messageOr(error, messages.errorOccurred));
      refresh();
    },
  });

  const list = sessions.data?.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section aria-labelledby="devices-heading" className="mt-6">
      <h2 id="devices-heading" className="px-1 pb-2 text-sm font-semibold text-muted">
        Signed-in devices
      </h2>
      <div className="overflow-hidden rounded-3xl bg-white shadow-card">
        {sessions.isPending ? (
          <div className="grid gap-4 p-4" aria-label="Loading devices">
            {[0, 1].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-24" />
                </div>
              </div>
            ))}
          </div>
        ) : sessions.isError ? (
          <div className="grid gap-3 p-4 text-sm text-muted">
            <p>{messageOr(sessions.error, messages.errorOccurred)}</p>
            <Button variant="outline" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-line" aria-label="Signed-in devices">
            {list.map((session) => (
              <DeviceRow
                key={session._id}
                session={session}
                onSignOut={session.current ? undefined : () => one.mutate(session._id)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="mt-4">
        <Button
          variant="danger"
          icon={<LogOutIcon size={18} />}
          disabled={sessions.isPending || others === 0}
          onClick={() => setConfirming(true)}
        >
          Sign out everywhere
        </Button>
        <p className="mt-2 px-1 text-center text-xs text-muted">
          {others === 0
            ? 'You are signed in on this device only.'
            : `Signs out ${others === 1 ? 'your other device' : `your ${others} other devices`}; this one stays signed in.`}
        </p>
      </div>
      <BottomSheet
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out everywhere?"
        description="Every other device signed in to your account will be signed out. This device stays signed in."
      >
        <div className="grid gap-3">
          <Button
            variant="primary"
            loading={everywhere.isPending}
            onClick={() => everywhere.mutate()}
          >
            Sign out other devices
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      </BottomSheet>
    </section>
  );
}
