import querystring from 'fast-querystring';

/**
 * What the server sees of a request part, computed the way Fastify computes it (the same
 * query-string parser; parameters percent-decoded), so the fuzzer knows whether a request it
 * built is still well-formed.
 */

/** Fastify's default maxParamLength: a longer path parameter matches no route. */
export const MAX_PARAM_LENGTH = 100;
/** The app's bodyLimit (app.ts). */
export const BODY_LIMIT = 64 * 1024;

/**
 * Percent-encodes text. encodeURIComponent throws on a lone surrogate; such a character is sent
 * as the three bytes a careless client would produce (CESU-8), which are not valid UTF-8.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export type QueryValue = string | string[];

/** a=1&b=2&b=3 from {a: '1', b: ['2', '3']} (values are encoded; keys too). */
export function queryString(query: Record<string, QueryValue>): string {
  return Object.entries(query)
    .flatMap(([key, value]) => [value].flat().map((v) => `${encodeText(key)}=${encodeText(v)}`))
    .join('&');
}

/** The query object a handler gets for a raw query string. */
export function serverQuery(raw: string): Record<string, unknown> {
  return raw.length === 0 ? {} : { ...(querystring.parse(raw) as Record<string, unknown>) };
}

/** A path parameter as the handler gets it, or null when the router refuses the URL. */
export function serverParam(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return decoded.length > MAX_PARAM_LENGTH || raw.length > MAX_PARAM_LENGTH ? null : decoded;
}
