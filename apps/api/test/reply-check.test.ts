import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { errorReplySchema } from '@owo/shared/replies/common';
import { replyMismatch } from './support/reply-check';

const route = {
  method: 'GET',
  url: '/api/thing',
  schema: {
    response: {
      200: z.object({ success: z.literal(true), data: z.object({ n: z.number() }) }),
      default: errorReplySchema,
    },
  },
};
const json = 'application/json; charset=utf-8';

describe('the API tests check each reply against its declared schema', () => {
  it('passes a reply that fits and names the field of one that does not', () => {
    expect(replyMismatch(route, 200, json, '{"success":true,"data":{"n":1}}')).toBeUndefined();
    const problem = replyMismatch(route, 200, json, '{"success":true,"data":{"n":"1"}}');
    expect(problem).toContain('GET /api/thing 200');
    expect(problem).toContain('data.n');
  });

  it('reads a refusal against the default reply, and leaves undeclared statuses alone', () => {
    expect(replyMismatch(route, 404, json, '{"success":false}')).toContain('404');
    expect(
      replyMismatch(
        route,
        404,
        json,
        '{"success":false,"code":"NOT_FOUND","message":"x","data":{"message":"x"}}',
      ),
    ).toBeUndefined();
    expect(replyMismatch(route, 202, json, '{"anything":1}')).toBeUndefined();
  });

  it('leaves replies that are not JSON alone, and refuses JSON that does not parse', () => {
    expect(replyMismatch(route, 200, 'text/plain', 'ok')).toBeUndefined();
    expect(replyMismatch({ method: 'GET', url: '/api/none' }, 200, json, '{}')).toBeUndefined();
    expect(replyMismatch(route, 200, json, '{not json')).toContain('not the JSON');
  });
});
