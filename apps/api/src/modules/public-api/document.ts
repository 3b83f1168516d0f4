import type { FastifyInstance } from 'fastify';
import {
  API_KEY_PURCHASES_PER_MINUTE,
  API_KEY_RATE,
  API_MAX_PURCHASES_IN_FLIGHT,
} from '@owo/shared/constants';

/** The reseller API's own document: the /api/v1 operations of the app's, for resellers. */
export const PUBLIC_API_TITLE = 'OWO reseller API (v1)';

const DESCRIPTION = `
Buy airtime, data, electricity, cable TV and betting top-ups from your OWO wallet, from your own
software. Create a key in the app (Profile → Developer) and send it on every call:
\`Authorization: Bearer owo_live_…\`. The sandbox deployment (simulated suppliers) takes
\`owo_test_…\` keys only, a live one \`owo_live_…\` keys only.

**Replies.** \`{ success: true, message, data }\`; refusals \`{ success: false, code, message,
data }\` with a stable \`code\` (API_KEY_INVALID 401, API_KEY_IP_REFUSED 403, API_KEY_SCOPE 403,
API_WALLET_NOT_VERIFIED 403, VALIDATION_FAILED 400, INSUFFICIENT_FUNDS 402, PLAN_NOT_FOUND 404,
AMOUNT_MISMATCH 409, IDEMPOTENCY_CONFLICT 422, PURCHASE_FAILED 422, RATE_LIMITED 429,
SERVICE_UNAVAILABLE 503, …). Money is naira as a JSON number with at most two decimals.

**References.** Every purchase needs your own \`reference\` (8–64 of \`A-Z a-z 0-9 _ . : -\`),
unique per key. Sending the same reference and body again answers the first reply and buys
nothing more: retry freely after a timeout. The same reference with another body is refused (422
IDEMPOTENCY_CONFLICT). An \`Idempotency-Key\` header is optional; when sent it must equal the
reference. A purchase answers 200 (delivered) or 202 (pending with the supplier: requery
\`GET /api/v1/purchases/{reference}\` with either reference, or wait for the webhook).

**Limits.** Per key: ${API_KEY_RATE.perSecond} requests a second and ${API_KEY_RATE.perMinute} a
minute, ${API_KEY_PURCHASES_PER_MINUTE} purchases a minute; at most ${API_MAX_PURCHASES_IN_FLIGHT}
purchases run at once per server (more wait). Every reply carries \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); a refusal is 429 with \`Retry-After\`.
`.trim();

/** Example bodies of the purchases, for the code samples. */
const EXAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  '/api/v1/purchases/airtime': {
    reference: 'order-10001',
    network: 'MTN',
    phone: '08031234567',
    amount: 500,
  },
  '/api/v1/purchases/data': {
    reference: 'order-10002',
    planId: 'datastation:254',
    phone: '08031234567',
  },
  '/api/v1/purchases/electricity': {
    reference: 'order-10003',
    disco: 'ikeja-electric',
    meterNumber: '45012345678',
    meterType: 'prepaid',
    amount: 5000,
    phone: '08031234567',
  },
  '/api/v1/purchases/cable': {
    reference: 'order-10004',
    provider: 'gotv',
    smartcard: '7012345678',
    planId: 'gotv-max',
    phone: '08031234567',
  },
  '/api/v1/purchases/betting': {
    reference: 'order-10005',
    billerId: 'BET9JA',
    itemId: 'BET9JA_TOPUP',
    customerId: '55554444',
    amount: 1000,
  },
};

/** curl and TypeScript (fetch) for one operation, on our public origin: what a reseller pastes. */
function codeSamples(origin: string, method: string, path: string) {
  const url = `${origin}${path.replace('{reference}', 'order-10001')}`;
  const body = EXAMPLE_BODIES[path];
  const json = body ? JSON.stringify(body, null, 2) : undefined;
  const curl = [
    `curl -X ${method} '${url}' \\`,
    `  -H "Authorization: Bearer $OWO_API_KEY"${json ? ' \\' : ''}`,
    ...(json ? [`  -H 'Content-Type: application/json' \\`, `  -d '${JSON.stringify(body)}'`] : []),
  ].join('\n');
  const ts = [
    `const res = await fetch('${url}', {`,
    `  method: '${method}',`,
    `  headers: {`,
    `    Authorization: \`Bearer \${process.env.OWO_API_KEY}\`,`,
    ...(json ? [`    'Content-Type': 'application/json',`] : []),
    `  },`,
    ...(json ? [`  body: JSON.stringify(${json.replace(/\n/g, '\n  ')}),`] : []),
    `});`,
    `const reply = await res.json();`,
    `if (!reply.success) throw new Error(\`\${res.status} \${reply.code}: \${reply.message}\`);`,
  ].join('\n');
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'TypeScript', source: ts },
  ];
}

type Operations = Record<string, Record<string, Record<string, unknown>>>;

/**
 * The /api/v1 paths of the app's document (the same zod schemas, so the two never disagree),
 * with the reseller's introduction, the key as the only security scheme and code samples.
 */
export function publicApiDocument(app: FastifyInstance, origin: string) {
  const full = app.swagger() as {
    openapi: string;
    paths?: Operations;
    components?: Record<string, unknown>;
  };
  const paths: Operations = {};
  for (const [path, item] of Object.entries(full.paths ?? {})) {
    if (!path.startsWith('/api/v1/')) continue;
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, op]) => [
        method,
        { ...op, 'x-codeSamples': codeSamples(origin, method.toUpperCase(), path) },
      ]),
    );
  }
  return {
    openapi: full.openapi,
    info: { title: PUBLIC_API_TITLE, version: '1.0.0', description: DESCRIPTION },
    components: {
      ...full.components,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Your API key: `Authorization: Bearer owo_live_…` (sandbox: owo_test_…).',
        },
      },
    },
    security: [{ apiKey: [] }],
    paths,
  };
}

/** GET /api/v1/openapi.json: a document, not an operation (out of the app's document). */
export function publicApiDocumentRoute(app: FastifyInstance) {
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .send(publicApiDocument(app, app.services.deps.config.publicBaseUrl)),
  );
}
