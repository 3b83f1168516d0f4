import type { ApiRoute } from '../../../../apps/api/src/app';
import type { TestApp } from '../../../../apps/api/test/harness';
import { pngImage } from '../../../../apps/api/test/airtime-swap-support';
import { multipart } from '../../../../apps/api/test/multipart';

export type Reply = Awaited<ReturnType<TestApp['request']>>;

/** How a caller presents themselves: a bearer token, or a raw Authorization header, or nothing. */
export interface Credential {
  label: string;
  headers: Record<string, string>;
}

export const bearer = (label: string, token: string): Credential => ({
  label,
  headers: { authorization: `Bearer ${token}` },
});

const hasBody = (method: string) => !['GET', 'DELETE', 'OPTIONS'].includes(method);

/** Calls a route as a credential, with a JSON body (`{}` unless given) where the method has one. */
export async function callRoute(
  t: TestApp,
  route: Pick<ApiRoute, 'method'>,
  url: string,
  who: Credential,
  body: object = {},
): Promise<Reply> {
  const options = {
    method: route.method as 'GET',
    url,
    headers: who.headers,
    ...(hasBody(route.method) ? { payload: body } : {}),
  };
  if (!ENDLESS_URLS.has(url)) return t.request(options);
  return firstEventOf(await t.request({ ...options, payloadAsStream: true }));
}

/** Routes whose accepted reply never ends (the live stream, decision 0074). */
const ENDLESS_URLS = new Set(['/api/notifications/stream']);

/**
 * An endless reply read up to its first event (the pulse sent on connect), then closed; a
 * refusal ends by itself and is read whole. What was read is the reply's body, so the checks on
 * status and leaks work on it as on any other reply.
 */
async function firstEventOf(res: Reply): Promise<Reply> {
  const stream = res.stream();
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (res.statusCode < 300 && /\ndata:[^\n]*\n\n/.test(`\n${text}`)) break;
  }
  stream.destroy();
  const read = {
    statusCode: res.statusCode,
    headers: res.headers,
    body: text,
    payload: text,
    json: () => JSON.parse(text) as unknown,
  };
  return read as unknown as Reply;
}

/** An upload with a real PNG: a refusal then comes from the owner check, not the file's check. */
export async function callUpload(t: TestApp, url: string, who: Credential): Promise<Reply> {
  const body = multipart([
    { name: 'screenshot', data: await pngImage(), filename: 'proof.png', contentType: 'image/png' },
  ]);
  return t.request({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
}

/** "401 UNAUTHORIZED" or "403 FORBIDDEN" or "200 -": what a reply says, for readable failures. */
export function outcome(res: Reply): string {
  let code = '-';
  try {
    code = String((res.json() as { code?: unknown }).code ?? '-');
  } catch {
    // not JSON: the status says enough
  }
  return `${res.statusCode} ${code}`;
}
