/** How the "Needs a decision" screen words an order's age, its supplier and its last answer. */
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages as t } from '@owo/shared/admin-messages';

const HOUR_MS = 3_600_000;

/** "26 h" under two days (the queue starts at 24 h, so hours matter there), then "3 d 4 h". */
export function ageText(createdAt: string, now: number): string {
  const hours = Math.floor((now - new Date(createdAt).getTime()) / HOUR_MS);
  if (!Number.isFinite(hours) || hours < 0) return '—';
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

export const supplierName = (id: string) => t.supplierNames[id] ?? id;

export const withHours = (text: string, hours: number) =>
  text.replace('{hours}', String(Number.isInteger(hours) ? hours : hours.toFixed(1)));

export interface LastAnswer {
  at: string | null;
  status: 'delivered' | 'failed' | 'pending' | null;
  description: string;
  raw: unknown;
}

const STATUSES = ['delivered', 'failed', 'pending'] as const;

/**
 * The order's stored last answer ({at, status, description, raw}) read defensively: it is a JSON
 * column, and an order from before it existed has none (null).
 */
export function lastAnswerOf(order: NonNullable<AdminTransactionDto['order']>): LastAnswer | null {
  const value = order.lastAnswer;
  if (!value || typeof value !== 'object') return null;
  const answer = value as Record<string, unknown>;
  const status = STATUSES.find((s) => s === answer.status) ?? null;
  return {
    at: typeof answer.at === 'string' ? answer.at : null,
    status,
    description:
      typeof answer.description === 'string' && answer.description
        ? answer.description
        : order.lastDescription,
    raw: 'raw' in answer ? answer.raw : null,
  };
}

/** The raw reply as indented JSON (a string reply as it came). */
export function rawText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  try {
    return JSON.stringify(raw, null, 2) ?? 'null';
  } catch {
    return String(raw);
  }
}
