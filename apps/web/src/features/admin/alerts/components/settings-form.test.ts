import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '@owo/shared/alerts';
import { formFrom, settingsFrom } from './settings-form';

describe('the alert settings form', () => {
  it('gives back the settings it was filled from', () => {
    expect(settingsFrom(formFrom(DEFAULT_ALERT_SETTINGS))).toEqual({
      settings: DEFAULT_ALERT_SETTINGS,
      errors: null,
    });
  });

  it('reads the switches and trimmed whole numbers', () => {
    const form = formFrom(DEFAULT_ALERT_SETTINGS);
    form.enabled.ledgerAudit = false;
    form.numbers['failureRate.percent'] = ' 35 ';
    const { settings } = settingsFrom(form);
    expect(settings?.ledgerAudit.enabled).toBe(false);
    expect(settings?.failureRate.percent).toBe(35);
  });

  it('names each refused field in the schema words', () => {
    const form = formFrom(DEFAULT_ALERT_SETTINGS);
    form.numbers['failureRate.percent'] = '0';
    form.numbers['failureRate.windowMinutes'] = '1.5';
    form.numbers['pendingOrders.afterMinutes'] = '';
    const { settings, errors } = settingsFrom(form);
    expect(settings).toBeNull();
    expect(errors).toEqual({
      'failureRate.percent': 'Failure rate must be a whole number from 1 to 100.',
      'failureRate.windowMinutes': 'Window must be a whole number from 5 to 1440.',
      'pendingOrders.afterMinutes': 'Pending for must be a whole number from 5 to 10080.',
    });
  });
});
