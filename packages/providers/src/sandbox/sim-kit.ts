/**
 * What every simulator does the same way: how a scenario plays out over time, and the misbehaving
 * answers (hold the line, drop it, HTML 500, broken JSON). Each simulator wraps these in its own
 * supplier's wire format.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SETTLE_AFTER_MS, type Scenario } from './magic';

export interface SimulatorOptions {
  /** The simulator clock: decides when "pending then …" orders settle. */
  now: () => number;
  /** How long the `timeout` scenario holds a pay call before answering (real milliseconds). */
  holdMs: number;
}

/** The supplier's view of an order at some moment. */
export type SimStatus = 'delivered' | 'failed' | 'pending' | 'reversed';

/**
 * The status a recorded order has at `nowMs`. Orders are recorded with the scenario of their
 * magic value and settle lazily, when someone asks, so the clock alone drives them.
 */
export function statusAt(scenario: Scenario, createdAtMs: number, nowMs: number): SimStatus {
  const settled = nowMs - createdAtMs >= SETTLE_AFTER_MS;
  switch (scenario) {
    case 'failed':
    case 'http500':
    case 'invalidAccount':
      return 'failed';
    case 'pendingThenDelivered':
      return settled ? 'delivered' : 'pending';
    case 'pendingThenReversed':
      return settled ? 'reversed' : 'pending';
    case 'pendingForever':
      return 'pending';
    case 'delivered':
    case 'malformed':
    case 'timeout':
    case 'noReply':
      return 'delivered';
  }
}

/**
 * Keeps the call open for `holdMs` or until the client gives up. Answers whether the client is
 * still there. The hold uses real time (it imitates a slow network, not the supplier's clock).
 */
export function holdOpen(request: FastifyRequest, holdMs: number): Promise<boolean> {
  const socket = request.raw.socket;
  if (socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      socket.off('close', onClose);
      resolve(!socket.destroyed);
    }, holdMs);
    socket.once('close', onClose);
  });
}

/** Ends the call without a byte of answer, as a supplier whose process died would. */
export function dropConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}

/** After holdOpen found the client gone: nothing left to answer. */
export function abandon(reply: FastifyReply): FastifyReply {
  reply.hijack();
  return reply;
}

export function sendHtml500(reply: FastifyReply): FastifyReply {
  return reply
    .code(500)
    .type('text/html; charset=utf-8')
    .send(
      '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head>' +
        '<body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p>' +
        '</body></html>',
    );
}

/** HTTP 200 that claims JSON and is cut mid-object, as a proxy that truncated it would send. */
export function sendMalformed(reply: FastifyReply, start: string): FastifyReply {
  return reply.code(200).type('application/json').send(`${start}<br />\n<b>Warning</b>: `);
}

/** A 20-digit prepaid token as dddd-dddd-dddd-dddd-dddd, the same for the same seed. */
export function tokenFor(seed: string): string {
  const digest = createHash('sha256').update(`token:${seed}`).digest('hex');
  const digits = (BigInt(`0x${digest}`) % 10n ** 20n).toString().padStart(20, '0');
  return digits.match(/\d{4}/g)!.join('-');
}

/**
 * kWh bought with an amount at the sandbox tariff (₦209.50/kWh, the Band A rate), to one decimal,
 * in integer arithmetic.
 */
export function unitsFor(amountKobo: number): string {
  const tenthsOfKwh = Math.floor((amountKobo * 10) / 20_950);
  return `${Math.floor(tenthsOfKwh / 10)}.${tenthsOfKwh % 10}`;
}

/** A stable small number from a text, to pick demo names and dates deterministically. */
export function pick(seed: string, modulo: number): number {
  const digest = createHash('sha256').update(seed).digest();
  return digest.readUInt32BE(0) % modulo;
}

/** Naira text for the wire from kobo ("1500.00"), without floating point. */
export function nairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
