import type { LightMyRequestResponse } from 'fastify';

/**
 * A reply asked with `payloadAsStream` from a route whose accepted replies never end (the live
 * stream): an accepted one is judged by its status alone and closed; a refused one is read whole,
 * as any other reply is.
 */
export async function settleEndless(
  res: LightMyRequestResponse,
): Promise<{ statusCode: number; body: string }> {
  const stream = res.stream();
  if (res.statusCode < 300) {
    stream.destroy();
    return { statusCode: res.statusCode, body: '' };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: res.statusCode, body };
}
