import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { alertMessages as t, type AlertSettings } from '@owo/shared/alerts';
import { Button } from '../../../../components/Button';
import { TextField } from '../../../../components/TextField';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { Switch } from '../../shared/Switch';
import { saveAlertSettings } from '../api/alerts-api';
import {
  formFrom,
  settingsFrom,
  type Condition,
  type NumberField,
  type SettingsForm,
} from './settings-form';

/** One watched condition: its switch, what it means, and its figures. */
function ConditionGroup({
  title,
  hint,
  checked,
  disabled,
  onToggle,
  children,
}: {
  title: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onToggle: (next: boolean) => void;
  children?: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset className="grid gap-3 border-t border-line pt-4 first:border-t-0 first:pt-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <legend className="text-sm font-semibold text-ink">{title}</legend>
          <p id={hintId} className="mt-0.5 text-xs text-muted">
            {hint}
          </p>
        </div>
        <Switch
          label={title}
          checked={checked}
          disabled={disabled}
          describedBy={hintId}
          onChange={onToggle}
        />
      </div>
      {children}
    </fieldset>
  );
}

/**
 * The alerts' thresholds, window and switches. Saved whole (the server audits the change);
 * support staff see them read-only.
 */
export function SettingsCard({ settings, canEdit }: { settings: AlertSettings; canEdit: boolean }) {
  const client = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => formFrom(settings));
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  const [busy, setBusy] = useState(false);
  const locked = !canEdit || busy;

  const toggle = (condition: Condition) => (next: boolean) =>
    setForm((f) => ({ ...f, enabled: { ...f.enabled, [condition]: next } }));

  const field = (key: NumberField, label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={form.numbers[key]}
      disabled={locked}
      error={errors[key]}
      onChange={(event) => {
        const value = event.target.value;
        setForm((f) => ({ ...f, numbers: { ...f.numbers, [key]: value } }));
        setErrors((e) => ({ ...e, [key]: undefined }));
      }}
    />
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = settingsFrom(form);
    if (!result.settings) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = await saveAlertSettings(client, result.settings);
      setForm(formFrom(reply.data));
      toast.success(reply.message ?? t.settingsSaved);
    } catch (error) {
      toast.error(messageOr(error, t.settingsSaveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={t.settingsTitle}
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-3xl bg-white p-4 shadow-card"
    >
      <ConditionGroup
        title={t.pendingOrders}
        hint={t.pendingOrdersHint}
        checked={form.enabled.pendingOrders}
        disabled={locked}
        onToggle={toggle('pendingOrders')}
      >
        {field('pendingOrders.afterMinutes', t.afterMinutes)}
      </ConditionGroup>
      <ConditionGroup
        title={t.failureRate}
        hint={t.failureRateHint}
        checked={form.enabled.failureRate}
        disabled={locked}
        onToggle={toggle('failureRate')}
      >
        <div className="grid grid-cols-2 gap-3">
          {field('failureRate.percent', t.percent)}
          {field('failureRate.windowMinutes', t.windowMinutes)}
        </div>
        {field('failureRate.minOrders', t.minOrders)}
      </ConditionGroup>
      <ConditionGroup
        title={t.lowBalance}
        hint={
          <>
            {t.lowBalanceHint}{' '}
            <Link to="/admin/suppliers" className="font-semibold text-brand-700 underline">
              {t.suppliersLink}
            </Link>
          </>
        }
        checked={form.enabled.lowBalance}
        disabled={locked}
        onToggle={toggle('lowBalance')}
      />
      <ConditionGroup
        title={t.ledgerAudit}
        hint={t.ledgerAuditHint}
        checked={form.enabled.ledgerAudit}
        disabled={locked}
        onToggle={toggle('ledgerAudit')}
      />
      {canEdit ? (
        <Button type="submit" loading={busy}>
          {t.settingsSave}
        </Button>
      ) : (
        <p className="text-xs text-muted">{t.adminsOnly}</p>
      )}
    </form>
  );
}
