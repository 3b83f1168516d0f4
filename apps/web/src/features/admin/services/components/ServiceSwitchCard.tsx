import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@owo/shared/admin-messages';
import { SERVICE_TOGGLE_SHUTDOWN_MINUTES, type ShutdownService } from '@owo/shared/constants';
import { Skeleton } from '../../../../components/Skeleton';
import { toast } from '../../../../lib/toast';
import { switchService, useSystemStatus } from '../../shared/system-api';
import { Switch } from '../../shared/Switch';

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

interface ServiceSwitchCardProps {
  service: Exclude<ShutdownService, 'system'>;
  /** "Data service". */
  title: string;
  icon: ReactNode;
  children?: ReactNode;
}

/**
 * A service's on/off switch (spec 02 §2): off shuts the service down for
 * SERVICE_TOGGLE_SHUTDOWN_MINUTES, on restores it. It shows the switch's own state; when the
 * dashboard has shut the whole system down, a line says so.
 */
export function ServiceSwitchCard({ service, title, icon, children }: ServiceSwitchCardProps) {
  const client = useQueryClient();
  const status = useSystemStatus();
  const [busy, setBusy] = useState(false);
  const state = status.data?.[service];
  const systemOff = status.data?.system.on === false;

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await switchService(
        client,
        on
          ? { service, on: true }
          : { service, on: false, minutes: SERVICE_TOGGLE_SHUTDOWN_MINUTES },
      );
      toast.success(on ? adminMessages.restoreSuccess : adminMessages.shutdownSuccess);
    } catch {
      toast.error(adminMessages.shutdownFailed);
    } finally {
      setBusy(false);
    }
  };

  let line: ReactNode;
  if (!state) line = <Skeleton className="mt-1 h-3 w-32" />;
  else if (state.on) line = adminMessages.serviceOn;
  else
    line = adminMessages.serviceOffUntil.replace(
      '{time}',
      state.until ? time.format(new Date(state.until)) : '—',
    );

  return (
    <section aria-label={title} className="rounded-3xl bg-white p-4 shadow-card">
      <div className="flex items-center gap-3">
        <span
          className={`grid size-11 shrink-0 place-items-center rounded-2xl ${
            state?.on === false ? 'bg-surface text-muted' : 'bg-brand-50 text-brand-700'
          }`}
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{title}</h2>
          <div
            className={`mt-0.5 text-xs ${state?.on === false ? 'font-medium text-danger' : 'text-muted'}`}
          >
            {line}
          </div>
        </div>
        {state ? (
          <Switch
            label={title}
            checked={state.on}
            busy={busy}
            onChange={(next) => void toggle(next)}
          />
        ) : status.isError ? (
          <button
            type="button"
            onClick={() => void status.refetch()}
            className="min-h-11 rounded-full px-3 text-sm font-semibold text-brand-700"
          >
            {adminMessages.tryAgain}
          </button>
        ) : (
          <Skeleton className="h-7 w-12 rounded-full" />
        )}
      </div>
      {systemOff ? (
        <p className="mt-3 rounded-2xl bg-danger/10 px-3 py-2 text-xs font-medium text-danger">
          {adminMessages.systemIsOff}
        </p>
      ) : null}
      {children}
    </section>
  );
}
