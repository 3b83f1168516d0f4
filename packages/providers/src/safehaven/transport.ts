/**
 * How the Safe Haven adapter reaches Safe Haven: every call carries a bearer token from the OAuth2
 * client-assertion exchange (auth.ts) and the `ClientID: <ibs_client_id>` header, and a 401 gets
 * one fresh token and one more try. SOURCES.md names the documentation for each detail.
 */
import type { AdapterOptions, VerifyResult } from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, supplierUrl, type SupplierReply } from '../http';
import { isObject, nonEmpty, type JsonObject } from '../wire';
import { createTokenSource, type AccessToken } from './auth';

export interface SafeHavenAdapterOptions extends AdapterOptions {
  /** Our OAuth client id (Safe Haven dashboard). */
  clientId: string;
  /** PEM of the private key whose public half is registered with Safe Haven. */
  privateKey: string;
  /** Our company URL: the client assertion's `iss`. */
  companyUrl: string;
  /** Our Safe Haven account that pays for identity checks and bills. */
  debitAccountNumber: string;
  /** Sent as statusUrl on airtime and data purchases when set. */
  statusUrl?: string;
  /** The clock for token expiry (default Date.now); tests replace it. */
  now?: () => number;
}

/** A call that could not be made because no access token could be had. */
export type NoToken = { kind: 'no-token'; description: string };
export type SafeHavenReply = SupplierReply | NoToken;

export type Unavailable = { ok: false; reason: 'unavailable'; description: string };
export const unavailable = (description: string): Unavailable => ({
  ok: false,
  reason: 'unavailable',
  description,
});

/** A POST that Safe Haven answered with JSON about the request itself. */
export type Answer = { ok: true; status: number; json: JsonObject; message: string };

export interface SafeHavenTransport {
  call(method: 'GET' | 'POST', path: string, body?: JsonObject): Promise<SafeHavenReply>;
  /** The `data` of a 2xx JSON reply to a read-only GET, or a ProviderError. */
  read(path: string): Promise<unknown>;
  /**
   * A POST answered with JSON about the request; `unavailable` when Safe Haven could not be asked
   * (no token, no reply, a 5xx, not JSON) or refused us rather than the customer's details
   * (credentials or rate: 401, 403, 429).
   */
  post(path: string, body: JsonObject): Promise<Answer | Unavailable>;
}

export function createTransport(options: SafeHavenAdapterOptions): SafeHavenTransport {
  const { baseUrl, timeoutMs } = options;
  const tokens = createTokenSource(
    {
      baseUrl,
      clientId: options.clientId,
      privateKey: options.privateKey,
      companyUrl: options.companyUrl,
    },
    { timeoutMs, now: options.now },
  );

  function send(token: AccessToken, method: 'GET' | 'POST', path: string, body?: JsonObject) {
    return callSupplier({
      method,
      url: supplierUrl(baseUrl, path),
      headers: { authorization: `Bearer ${token.accessToken}`, ClientID: token.ibsClientId },
      body,
      timeoutMs,
    });
  }

  /**
   * A 401 means the request was refused before Safe Haven did anything, so it is safe to send it
   * again once with a fresh token (even a pay call).
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: JsonObject,
  ): Promise<SafeHavenReply> {
    const first = await tokens.get();
    if (!first.ok) return { kind: 'no-token', description: first.description };
    const reply = await send(first.token, method, path, body);
    if (reply.kind !== 'reply' || reply.status !== 401) return reply;
    tokens.invalidate(first.token);
    const second = await tokens.get();
    if (!second.ok) return { kind: 'no-token', description: second.description };
    return send(second.token, method, path, body);
  }

  return {
    call,
    async read(path) {
      const reply = await call('GET', path);
      if (reply.kind === 'no-token') throw new ProviderError('safehaven', reply.description);
      const body = reply.kind === 'reply' && reply.status < 300 ? reply.json : undefined;
      if (!isObject(body) || body.data === undefined) {
        throw new ProviderError('safehaven', `${path}: ${describeReply(reply)}`, body);
      }
      return body.data;
    },
    async post(path, body) {
      const reply = await call('POST', path, body);
      if (reply.kind === 'no-token') return unavailable(reply.description);
      if (reply.kind === 'no-reply' || reply.status >= 500 || !isObject(reply.json)) {
        return unavailable(`Safe Haven ${path}: ${describeReply(reply)}`);
      }
      const json = reply.json;
      const message = nonEmpty(json.message) ?? describeReply(reply);
      if (reply.status === 401 || reply.status === 403 || reply.status === 429) {
        return unavailable(`Safe Haven ${path}: HTTP ${reply.status} ${message}`);
      }
      return { ok: true, status: reply.status, json, message };
    },
  };
}

/** NIP codes that say the number itself is wrong: 07 invalid account, 25 unable to locate record. */
const INVALID_NIP_CODES = new Set(['07', '25']);

/**
 * Name enquiry and vas/verify: an answer, "no such number" (`invalid`), or "could not ask". Any
 * other non-00 NIP code (91 bank not available, 96 system malfunction …) says nothing about the
 * number.
 */
export async function lookup(
  transport: SafeHavenTransport,
  path: string,
  body: JsonObject,
): Promise<VerifyResult<JsonObject>> {
  const answer = await transport.post(path, body);
  if (!answer.ok) return answer;
  const { status, json, message } = answer;
  const responseCode = nonEmpty(json.responseCode);
  if (responseCode !== undefined && responseCode !== '00') {
    return INVALID_NIP_CODES.has(responseCode)
      ? { ok: false, reason: 'invalid', description: `NIP ${responseCode}: ${message}` }
      : unavailable(`Safe Haven ${path}: NIP ${responseCode} ${message}`);
  }
  if (status >= 400) return { ok: false, reason: 'invalid', description: message };
  if (!isObject(json.data)) return unavailable(`Safe Haven ${path}: no data in reply`);
  return { ok: true, info: json.data };
}
