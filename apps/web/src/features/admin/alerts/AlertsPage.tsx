import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { alertMessages as t } from '@owo/shared/alerts';
import { EmptyState } from '../../../components/EmptyState';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { CheckIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/Skeleton';
import { messageOr } from '../../../lib/api-errors';
import { isAdmin, useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { CardsSkeleton, LoadError, SectionTitle } from '../needs-decision/components/SectionState';
import { pillTone, StatusPill } from '../shared/StatusPill';
import { acknowledgeAlert, useAlertIncidents, useAlertSettings } from './api/alerts-api';
import { IncidentCard } from './components/IncidentCard';
import { SettingsCard } from './components/SettingsCard';

function SettingsSkeleton() {
  return (
    <div className="grid gap-4 rounded-3xl bg-white p-4 shadow-card" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center justify-between gap-3">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-7 w-12 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * Alerts (/admin/alerts): the conditions every admin is e-mailed about, open ones first with
 * Acknowledge, then the settings that decide them, then the last that cleared. Support staff
 * see all of it; only an admin acknowledges or changes a setting (the server checks both).
 */
export function AlertsPage() {
  const client = useQueryClient();
  const canEdit = useSession((s) => isAdmin(s.user));
  const incidents = useAlertIncidents();
  const settings = useAlertSettings();
  const [acknowledging, setAcknowledging] = useState<string | null>(null);
  const open = incidents.data?.data.open ?? [];
  const recent = incidents.data?.data.recent ?? [];

  const acknowledge = async (id: string) => {
    if (acknowledging) return;
    setAcknowledging(id);
    try {
      const reply = await acknowledgeAlert(client, id);
      toast.success(reply.message);
    } catch (error) {
      toast.error(messageOr(error, t.acknowledgeFailed));
      void incidents.refetch();
    } finally {
      setAcknowledging(null);
    }
  };

  const card = (alert: (typeof open)[number]) => (
    <li key={alert._id}>
      <IncidentCard
        alert={alert}
        canAcknowledge={canEdit}
        acknowledging={acknowledging === alert._id}
        onAcknowledge={(id) => void acknowledge(id)}
      />
    </li>
  );

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={t.title} backTo="/admin/dashboard" />
      </div>
      <div className="grid grid-cols-1 gap-8 px-5 pt-1">
        <section
          aria-labelledby="alerts-open"
          aria-busy={incidents.isFetching || undefined}
          className="grid gap-3"
        >
          <SectionTitle
            id="alerts-open"
            title={t.openTitle}
            aside={
              open.length > 0 ? (
                <StatusPill
                  label={t.openCount.replace('{n}', String(open.length))}
                  tone={pillTone.bad}
                />
              ) : undefined
            }
          />
          <p className="text-sm text-muted">{t.intro}</p>
          {incidents.isPending ? (
            <CardsSkeleton withFooter />
          ) : incidents.isError && !incidents.data ? (
            <LoadError title={t.loadFailed} onRetry={() => void incidents.refetch()} />
          ) : open.length === 0 ? (
            <EmptyState icon={<CheckIcon size={26} />} title={t.openEmpty} text={t.openEmptyText} />
          ) : (
            <ul className="grid grid-cols-1 gap-3">{open.map(card)}</ul>
          )}
        </section>

        <section aria-labelledby="alerts-settings" className="grid gap-3">
          <SectionTitle id="alerts-settings" title={t.settingsTitle} />
          {settings.data ? (
            <SettingsCard
              key={JSON.stringify(settings.data.data)}
              settings={settings.data.data}
              canEdit={canEdit}
            />
          ) : settings.isError ? (
            <LoadError title={t.settingsLoadFailed} onRetry={() => void settings.refetch()} />
          ) : (
            <SettingsSkeleton />
          )}
        </section>

        {recent.length > 0 ? (
          <section aria-labelledby="alerts-recent" className="grid gap-3">
            <SectionTitle id="alerts-recent" title={t.recentTitle} />
            <ul className="grid grid-cols-1 gap-3">{recent.map(card)}</ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
