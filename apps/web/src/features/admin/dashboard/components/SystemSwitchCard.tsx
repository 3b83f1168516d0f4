import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_SHUTDOWN_DEFAULT_MINUTES,
  SHUTDOWN_DURATIONS,
  SHUTDOWN_SERVICES,
  type ShutdownService,
} from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { SelectField } from '../../../../components/SelectField';
import { Skeleton } from '../../../../components/Skeleton';
import { toast } from '../../../../lib/toast';
import { formatDateGB } from '../../shared/format';
import { PowerIcon } from '../../shared/admin-icons';
import { Switch } from '../../shared/Switch';
import { switchService, useSystemStatus, type SystemChange } from '../../shared/system-api';
import { PanelError } from './Panel';

const serviceNames: Record<Exclude<ShutdownService, 'system'>, string> = {
  airtime: 'Airtime',
  data: 'Data',
  'cable-tv': 'Cable TV',
  utility: 'Electricity',
  'airtime-mtn': 'MTN airtime',
  'airtime-glo': 'GLO airtime',
  'airtime-airtel': 'AIRTEL airtime',
  'airtime-9mobile': '9MOBILE airtime',
};

const durationLabel = (minutes: number) =>
  SHUTDOWN_DURATIONS.find((d) => d.minutes === minutes)?.label ?? `${minutes} mins`;

/**
 * The whole-system switch (spec 02 §2): on = every service runs. Turning it off takes the chosen
 * duration (the spec's default: 10 minutes) and a confirmation (it stops every purchase for every
 * customer); turning it on restores at once.
 */
export function SystemSwitchCard() {
  const client = useQueryClient();
  const status = useSystemStatus();
  const change = useMutation({
    mutationFn: (next: SystemChange) => switchService(client, next),
    onSuccess: (_, next) =>
      toast.success(next.on ? adminMessages.restoreSuccess : adminMessages.shutdownSuccess),
    onError: () => toast.error(adminMessages.shutdownFailed),
  });
  const [minutes, setMinutes] = useState<number>(DASHBOARD_SHUTDOWN_DEFAULT_MINUTES);
  const [confirming, setConfirming] = useState(false);
  const hintId = useId();

  const system = status.data?.system;
  const running = system?.on ?? true;

  const toggle = () => {
    if (running) setConfirming(true);
    else change.mutate({ service: 'system', on: true });
  };
  const confirmShutdown = () => {
    change.mutate(
      { service: 'system', on: false, minutes },
      { onSettled: () => setConfirming(false) },
    );
  };

  // Single services an admin switched off on Manage Services, shown so nobody is surprised.
  const alsoOff = status.data
    ? SHUTDOWN_SERVICES.filter((s) => s !== 'system' && !status.data![s].on)
    : [];

  return (
    <section
      aria-label={adminMessages.systemShutdown}
      aria-busy={status.isFetching || change.isPending || undefined}
      className={`rounded-3xl p-4 shadow-card ring-1 transition-colors ${
        running ? 'bg-white ring-transparent' : 'bg-danger/5 ring-danger/30'
      }`}
    >
      <div className="mb-3 flex items-center gap-3">
        <span
          className={`grid size-10 shrink-0 place-items-center rounded-2xl ${
            running ? 'bg-brand-50 text-brand-700' : 'bg-danger/10 text-danger'
          }`}
        >
          <PowerIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{adminMessages.systemShutdown}</h2>
          {status.isPending ? (
            <Skeleton className="mt-1 h-3 w-32" />
          ) : (
            <p
              data-testid="system-state"
              className={`text-xs font-medium ${running ? 'text-brand-700' : 'text-danger'}`}
            >
              {running
                ? 'All services running'
                : `Shut down until ${formatDateGB(system?.until ?? undefined)}`}
            </p>
          )}
        </div>
      </div>

      {status.isError && !status.data ? (
        <PanelError onRetry={() => void status.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3">
            <SelectField
              label="Shutdown duration"
              value={String(minutes)}
              disabled={!running || change.isPending}
              onChange={(event) => setMinutes(Number(event.target.value))}
              className="[&_select]:text-sm"
            >
              {SHUTDOWN_DURATIONS.map((d) => (
                <option key={d.minutes} value={d.minutes}>
                  {d.label}
                </option>
              ))}
            </SelectField>
            <div className="flex h-13 items-center">
              <Switch
                label="All services"
                checked={running}
                onChange={toggle}
                busy={change.isPending}
                disabled={!system}
                describedBy={hintId}
                offTone="danger"
              />
            </div>
          </div>
          <p id={hintId} className="mt-2 text-xs text-muted">
            {!running
              ? 'Turn the switch on to restore every service now.'
              : `Turning the switch off shuts every service down for ${durationLabel(minutes)}.`}
          </p>
          {running && alsoOff.length ? (
            <p className="mt-2 rounded-xl bg-accent-100 px-3 py-2 text-xs text-accent-600">
              Switched off on their own:{' '}
              {alsoOff.map((s) => serviceNames[s as keyof typeof serviceNames]).join(', ')}
            </p>
          ) : null}
        </>
      )}

      <Dialog
        open={confirming}
        onClose={() => (change.isPending ? undefined : setConfirming(false))}
        tone="danger"
        icon={<PowerIcon size={26} />}
        title="Shut the system down?"
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => setConfirming(false)}
              disabled={change.isPending}
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              className="bg-danger! text-white!"
              loading={change.isPending}
              onClick={confirmShutdown}
            >
              Shut down
            </Button>
          </>
        }
      >
        Customers cannot buy airtime, data, cable TV or electricity for {durationLabel(minutes)}.
      </Dialog>
    </section>
  );
}
