/**
 * The one HTTP client. Every failure becomes an ApiError whose `status` is either a numeric HTTP
 * status (with the parsed body in `data`) or one of the transport kinds below, so screens can
 * show the server's `message` when there is one and a fallback text otherwise.
 */
import type { ErrorReply } from '@owo/shared/api-types';
import { noteRequestFailed, noteServerReached } from './network-status';

export type ApiErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: ApiErrorKind | number,
    readonly data: unknown,
    message: string,
  ) {
    super(message);
  }

  /** The `message` the server put in its reply, when the server replied at all. */
  get serverMessage(): string | undefined {
    if (typeof this.status !== 'number') return undefined;
    const body = this.data as Partial<ErrorReply> | null;
    const text = body?.message ?? body?.data?.message;
    return typeof text === 'string' && text.trim() ? text : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Multipart body (the browser sets the boundary header). */
  formData?: FormData;
  /**
   * Bearer token. `undefined` uses the signed-in session's token; `null` sends none (public
   * calls); a string is used as is (the ?token= exchange).
   */
  token?: string | null;
  timeoutMs?: number;
  /** Money-moving calls send one key per attempt so a retry never pays twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 30_000;

interface ClientHooks {
  getToken: () => string | null;
  /** Called when a call made with the session token gets 401: the session is over (`code` why). */
  onUnauthorized: (code: string | undefined) => void;
}

let hooks: ClientHooks = { getToken: () => null, onUnauthorized: () => {} };

/** Wired once by the session store, so this module does not depend on it. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, formData, timeoutMs = DEFAULT_TIMEOUT_MS, signal } = options;
  const usesSessionToken = options.token === undefined;
  const token = usesSessionToken ? hooks.getToken() : options.token;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: formData ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new ApiError('TIMEOUT_ERROR', null, 'The request timed out');
    if (signal?.aborted) throw error;
    noteRequestFailed();
    throw new ApiError('FETCH_ERROR', null, String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  noteServerReached();
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError('PARSING_ERROR', text, 'The reply was not valid JSON');
      data = text;
    }
  }

  const succeeded = response.ok && (data as { success?: unknown } | null)?.success !== false;
  if (!succeeded) {
    if (response.status === 401 && usesSessionToken && token) {
      const code = (data as Partial<ErrorReply> | null)?.code;
      hooks.onUnauthorized(typeof code === 'string' ? code : undefined);
    }
    const error = new ApiError(response.status, data, `HTTP ${response.status}`);
    throw error;
  }
  return data as T;
}

/** One key per payment attempt. randomUUID needs a secure context; fall back elsewhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
