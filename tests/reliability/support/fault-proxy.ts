/**
 * A small HTTP proxy between the real supplier adapters and the sandbox's simulators that breaks
 * chosen calls the way networks and suppliers break them: connection refused, a reply reset half
 * way, a 30 s hang, HTTP 500, truncated JSON, an HTML page instead of JSON.
 *
 * Each supplier gets its own listening port, so "connection refused" is real (the port stops
 * listening) and cannot hit another supplier. Every reply says `connection: close`, so the
 * adapters never reuse a pooled socket across a fault.
 *
 * The point of the exercise is *when* a fault strikes:
 * - `before`: the request never reaches the simulator (the supplier has no record of it);
 * - `after`: the simulator receives, records and answers the request, and only the reply on its
 *   way back is broken. Here the supplier may have delivered (and charged us): refunding on such a
 *   fault would lose money.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SANDBOX_PREFIXES, type SandboxBaseUrls } from '@owo/providers/sandbox/server';

export type SupplierName = keyof SandboxBaseUrls;
export const SUPPLIER_NAMES = Object.keys(SANDBOX_PREFIXES) as SupplierName[];

export type FaultKind = 'refused' | 'reset' | 'hang' | 'http500' | 'malformed' | 'wrongType';
export type FaultWhen = 'before' | 'after';
export const FAULT_KINDS: FaultKind[] = [
  'refused',
  'reset',
  'hang',
  'http500',
  'malformed',
  'wrongType',
];

/** How long a hang holds a call: longer than any adapter timeout we run with. */
export const HANG_MS = 30_000;

export interface FaultRule {
  supplier: SupplierName;
  fault: FaultKind;
  /** `refused` is always `before`: nothing can reach a port that is not listening. */
  when: FaultWhen;
  /**
   * Only requests matching one of these (method, and a path relative to the supplier's base URL,
   * query included, starting with `path`); default every request to the supplier. `refused`
   * ignores it: a port that does not listen refuses everything.
   */
  only?: RequestMatch[];
}

export interface RequestMatch {
  method: 'GET' | 'POST';
  path: string;
}

/** One request the proxy saw (a refused connection is never seen: nothing accepted it). */
export interface ProxyEntry {
  supplier: SupplierName;
  method: string;
  /** Relative to the supplier's base URL, with the query. */
  path: string;
  /** The fault applied, if any. */
  fault?: FaultKind;
  when?: FaultWhen;
  /** Whether the simulator received it. */
  forwarded: boolean;
  /** The simulator's own reply, when forwarded. */
  upstream?: { status: number; body: string };
  /** Hang: how long the adapter waited before it gave up (ms), or undefined if it did not. */
  clientGaveUpAfterMs?: number;
}

export interface FaultProxy {
  /** Base URLs for the adapters: the sandbox's paths on the proxy's ports. */
  baseUrls: SandboxBaseUrls;
  /** Applies `rule` to every matching request until clear() (one rule per supplier at a time). */
  inject(rule: FaultRule): Promise<void>;
  /** Removes every rule and reopens refused ports; pending hangs are cut. */
  clear(): Promise<void>;
  /** Requests seen since start (tests slice it around the call they make). */
  readonly log: ProxyEntry[];
  close(): Promise<void>;
}

interface Listener {
  supplier: SupplierName;
  server: http.Server;
  port: number;
  sockets: Set<Socket>;
  listening: boolean;
}

const HTML_PAGE = (title: string, detail = '') =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1>` +
  `${detail}<hr><p>nginx</p></body></html>`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A prefix of a JSON text that is not JSON (never empty, never the whole text). */
export function truncatedJson(text: string): string {
  const source = text.length >= 4 ? text : '{"status":true,"data":{}}';
  for (let cut = Math.max(1, Math.floor(source.length / 2)); cut > 0; cut -= 1) {
    const part = source.slice(0, cut);
    try {
      JSON.parse(part);
    } catch {
      return part;
    }
  }
  return '{';
}

/**
 * Starts the proxy in front of a running sandbox (`sandboxBaseUrls` are the simulators' own base
 * URLs, as startSandbox answers them).
 */
export async function startFaultProxy(sandboxBaseUrls: SandboxBaseUrls): Promise<FaultProxy> {
  const upstream = new URL(sandboxBaseUrls.vtpass);
  const rules = new Map<SupplierName, FaultRule>();
  const log: ProxyEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Calls a hang is holding, cut by clear() and close(). */
  const held = new Map<http.ServerResponse, () => void>();
  const listeners = new Map<SupplierName, Listener>();

  function forward(
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: upstream.host, connection: 'close' };
      const call = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 502,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on('error', reject);
        },
      );
      call.on('error', reject);
      call.end(body);
    });
  }

  function send(
    res: http.ServerResponse,
    status: number,
    contentType: string,
    body: string | Buffer,
  ) {
    res.writeHead(status, {
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  }

  /** Writes the status line, the headers and part of the body, then resets the connection. */
  function resetMidReply(res: http.ServerResponse, status: number, body: string) {
    const half = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.write(half, () => {
      // Give the bytes a moment on the wire, then RST: the reader sees a reply cut short.
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.socket?.resetAndDestroy();
      }, 20);
      timers.add(timer);
    });
  }

  /** Holds the call without a byte of reply until HANG_MS pass or the caller gives up. */
  function hang(req: http.IncomingMessage, res: http.ServerResponse, entry: ProxyEntry) {
    const started = Date.now();
    let cut = false;
    const cutNow = () => {
      cut = true;
      res.socket?.destroy();
    };
    const timer = setTimeout(cutNow, HANG_MS);
    timers.add(timer);
    held.set(res, cutNow);
    req.socket.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
      held.delete(res);
      if (!cut) entry.clientGaveUpAfterMs = Date.now() - started;
    });
  }

  function cutHeld() {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const cutNow of held.values()) cutNow();
    held.clear();
  }

  function matches(rule: FaultRule | undefined, method: string, path: string) {
    if (!rule || rule.fault === 'refused') return undefined;
    if (!rule.only) return rule;
    return rule.only.some((m) => m.method === method && path.startsWith(m.path)) ? rule : undefined;
  }

  async function handle(
    supplier: SupplierName,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const prefix = `${SANDBOX_PREFIXES[supplier]}/`;
    const url = req.url ?? '/';
    const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
    const method = req.method ?? 'GET';
    const rule = matches(rules.get(supplier), method, path);
    const entry: ProxyEntry = { supplier, method, path, forwarded: false };
    if (rule) {
      entry.fault = rule.fault;
      entry.when = rule.when;
    }
    log.push(entry);

    let real: { status: number; body: string; contentType: string } | undefined;
    if (!rule || rule.when === 'after') {
      try {
        const answer = await forward(req, body);
        entry.forwarded = true;
        real = {
          status: answer.status,
          body: answer.body.toString('utf8'),
          contentType: String(answer.headers['content-type'] ?? 'application/json'),
        };
        entry.upstream = { status: real.status, body: real.body };
      } catch (error) {
        // The simulator itself did not answer (it was closed, or held the call): say so plainly.
        send(res, 502, 'text/plain', `fault proxy: upstream error ${String(error)}`);
        return;
      }
    }
    if (!rule) {
      send(res, real!.status, real!.contentType, real!.body);
      return;
    }

    // Before the simulator: a plausible reply of the same shape it would have sent.
    const replyBody = real?.body ?? '{"status":true,"code":"000","data":{"status":"successful"}}';
    switch (rule.fault) {
      case 'reset':
        resetMidReply(res, real?.status ?? 200, replyBody);
        return;
      case 'hang':
        hang(req, res, entry);
        return;
      case 'http500':
        // After: the supplier's own body (which may say "delivered" or "failed") under a 500 —
        // a 5xx must not be trusted whatever it says. Before: a gateway's HTML error page.
        if (real) send(res, 500, real.contentType, real.body);
        else send(res, 500, 'text/html', HTML_PAGE('500 Internal Server Error'));
        return;
      case 'malformed':
        send(res, 200, 'application/json', truncatedJson(replyBody));
        return;
      case 'wrongType':
        send(
          res,
          200,
          'text/html; charset=utf-8',
          HTML_PAGE('Service notice', `<pre>${escapeHtml(replyBody)}</pre>`),
        );
        return;
      default:
        send(res, 500, 'text/plain', `fault proxy: unknown fault ${String(rule.fault)}`);
    }
  }

  async function listen(listener: Listener, port: number) {
    await new Promise<void>((resolve, reject) => {
      listener.server.once('error', reject);
      listener.server.listen(port, '127.0.0.1', () => {
        listener.server.off('error', reject);
        resolve();
      });
    });
    listener.port = (listener.server.address() as AddressInfo).port;
    listener.listening = true;
  }

  async function stopListening(listener: Listener) {
    if (!listener.listening) return;
    listener.listening = false;
    const closed = new Promise<void>((resolve) => listener.server.close(() => resolve()));
    for (const socket of listener.sockets) socket.destroy();
    await closed;
  }

  for (const supplier of SUPPLIER_NAMES) {
    const server = http.createServer((req, res) => {
      handle(supplier, req, res).catch((error: unknown) => {
        if (!res.headersSent) send(res, 502, 'text/plain', `fault proxy: ${String(error)}`);
        else res.destroy();
      });
    });
    const listener: Listener = { supplier, server, port: 0, sockets: new Set(), listening: false };
    server.on('connection', (socket) => {
      listener.sockets.add(socket);
      socket.on('close', () => listener.sockets.delete(socket));
    });
    await listen(listener, 0);
    listeners.set(supplier, listener);
  }

  const originOf = (s: SupplierName) => `http://127.0.0.1:${listeners.get(s)!.port}`;
  const baseUrls = Object.fromEntries(
    SUPPLIER_NAMES.map((s) => [s, `${originOf(s)}${SANDBOX_PREFIXES[s]}/`]),
  ) as unknown as SandboxBaseUrls;

  async function clear() {
    rules.clear();
    cutHeld();
    for (const listener of listeners.values()) {
      if (!listener.listening) {
        // The same port again: the adapters' base URLs do not change.
        await listen(listener, listener.port);
      }
    }
  }

  return {
    baseUrls,
    log,
    async inject(rule) {
      if (rule.fault === 'refused' && rule.when !== 'before') {
        throw new Error('a refused connection never reaches the supplier: use when "before"');
      }
      rules.set(rule.supplier, rule);
      if (rule.fault === 'refused') await stopListening(listeners.get(rule.supplier)!);
    },
    clear,
    async close() {
      rules.clear();
      cutHeld();
      for (const listener of listeners.values()) await stopListening(listener);
    },
  };
}
