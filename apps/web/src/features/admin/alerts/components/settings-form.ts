/** The settings card's form: text fields and switches to and from the settings the API takes. */
import { alertSettingsBody, type AlertSettings } from '@owo/shared/alerts';

export const NUMBER_FIELDS = [
  'pendingOrders.afterMinutes',
  'failureRate.percent',
  'failureRate.windowMinutes',
  'failureRate.minOrders',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
export type Condition = keyof AlertSettings;

export interface SettingsForm {
  enabled: Record<Condition, boolean>;
  numbers: Record<NumberField, string>;
}

export function formFrom(settings: AlertSettings): SettingsForm {
  return {
    enabled: {
      pendingOrders: settings.pendingOrders.enabled,
      failureRate: settings.failureRate.enabled,
      lowBalance: settings.lowBalance.enabled,
      ledgerAudit: settings.ledgerAudit.enabled,
    },
    numbers: {
      'pendingOrders.afterMinutes': String(settings.pendingOrders.afterMinutes),
      'failureRate.percent': String(settings.failureRate.percent),
      'failureRate.windowMinutes': String(settings.failureRate.windowMinutes),
      'failureRate.minOrders': String(settings.failureRate.minOrders),
    },
  };
}

/** Digits only become numbers; anything else stays text, so the schema refuses it in its words. */
const numberOf = (text: string): number | string =>
  /^\s*\d{1,9}\s*$/.test(text) ? Number(text.trim()) : text;

/** The settings, or the first complaint about each field the schema refuses. */
export function settingsFrom(
  form: SettingsForm,
):
  | { settings: AlertSettings; errors: null }
  | { settings: null; errors: Partial<Record<NumberField, string>> } {
  const n = form.numbers;
  const parsed = alertSettingsBody.safeParse({
    pendingOrders: {
      enabled: form.enabled.pendingOrders,
      afterMinutes: numberOf(n['pendingOrders.afterMinutes']),
    },
    failureRate: {
      enabled: form.enabled.failureRate,
      percent: numberOf(n['failureRate.percent']),
      windowMinutes: numberOf(n['failureRate.windowMinutes']),
      minOrders: numberOf(n['failureRate.minOrders']),
    },
    lowBalance: { enabled: form.enabled.lowBalance },
    ledgerAudit: { enabled: form.enabled.ledgerAudit },
  });
  if (parsed.success) return { settings: parsed.data, errors: null };
  const errors: Partial<Record<NumberField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') as NumberField;
    if ((NUMBER_FIELDS as readonly string[]).includes(key)) errors[key] ??= issue.message;
  }
  return { settings: null, errors };
}
