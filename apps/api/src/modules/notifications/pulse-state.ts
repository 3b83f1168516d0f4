import { createHash } from 'node:crypto';
import type { NotificationPulse } from '@owo/shared/notifications';

/**
 * The stream event id of a pulse: a digest of everything it says (newest notice, unread count,
 * balance, money awaited). Two pulses with one id say the same, so a client reconnecting with
 * `Last-Event-ID` equal to the current state's id missed nothing.
 */
export function pulseStateId(pulse: NotificationPulse): string {
  const state = [
    pulse.latest?.id ?? '',
    pulse.latest?.at ?? '',
    pulse.unread,
    pulse.balance,
    pulse.awaiting ? 1 : 0,
  ].join('|');
  return createHash('sha256').update(state).digest('base64url').slice(0, 22);
}
