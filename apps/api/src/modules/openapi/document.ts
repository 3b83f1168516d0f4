import type { FastifyInstance } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { zodValidatorCompiler } from '../../lib/route-validation';
import { isZodSchema, toJsonSchema } from './zod-json-schema';

type RouteSchemaParts = Record<string, unknown> & { response?: Record<string, unknown> };

/** Turns the zod parts of one route's schema into the JSON schemas @fastify/swagger reads. */
function documentedSchema(schema: RouteSchemaParts): RouteSchemaParts {
  const out: RouteSchemaParts = {};
  for (const [key, part] of Object.entries(schema)) {
    if (key === 'response' && part && typeof part === 'object') {
      out.response = Object.fromEntries(
        Object.entries(part).map(([code, reply]) => [
          code,
          isZodSchema(reply) ? toJsonSchema(reply, 'output') : reply,
        ]),
      );
    } else {
      out[key] = isZodSchema(part) ? toJsonSchema(part, 'input') : part;
    }
  }
  return out;
}

/** Who may call a route (from the route table's guards): signed-in routes name the bearer token. */
function accessParts(app: FastifyInstance, method: string | string[], url: string) {
  const methods = [method].flat();
  const access = app.routeTable.find((r) => methods.includes(r.method) && r.url === url)?.access;
  // Grouped by the path's first segment after /api (auth, transactions, admin, …).
  const tags = [url.split('/')[2] ?? 'api'];
  const summary = { admin: 'Admin only', staff: 'Admin or support (read-only staff)' };
  // The reseller API (/api/v1): an API key, not a session (decision 0087).
  if (access === 'apikey') return { tags: ['v1'], security: [{ apiKey: [] }] };
  return access === 'user' || access === 'admin' || access === 'staff'
    ? { tags, security: [{ bearer: [] }], ...(access !== 'user' && { summary: summary[access] }) }
    : { tags };
}

/** The document's title, also the docs page's (docs-page.ts). */
export const API_TITLE = 'OWO wallet API';

const swaggerOptions = (app: FastifyInstance): FastifyDynamicSwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: '1.0.0',
      description:
        'Every route under /api. Errors answer { success: false, code, message, data: { message, ' +
        'errors? } } with the status of the error catalogue. A wrong transaction PIN ' +
        '(400 PIN_INCORRECT, 423 PIN_LOCKED) also carries data.pin: { attemptsLeft, lockedUntil } ' +
        '(wrong tries left before the lock; when the lock ends, ISO 8601, or null). ' +
        'Signed-in routes take `Authorization: Bearer <token>`.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A reseller API key: `Authorization: Bearer owo_live_…` (sandbox: owo_test_…).',
        },
      },
    },
  },
  // Runs when the document is first asked for, once every route (and the route table) exists.
  transform: ({ schema, url, route }) => ({
    schema: {
      ...accessParts(app, route.method, url),
      ...documentedSchema((schema ?? {}) as RouteSchemaParts),
    } as typeof schema,
    url,
  }),
});

/**
 * Route schemas are declared once, with the shared zod schemas: for the document, the fuzzer and
 * fastify's validator, which runs them through parse() (lib/validate.ts) so each problem is
 * worded the way the spec does (decision 0071). A reply schema is a contract checked by the tests,
 * not a serializer: replies are sent with plain JSON.stringify, never reshaped or trimmed.
 * Must run before any route is added: @fastify/swagger collects routes as they are registered.
 */
export async function registerApiDocument(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, swaggerOptions(app));
}

/** GET /api/openapi.json: the OpenAPI 3.1 document of every API route (public). */
export function openapiRoutes(app: FastifyInstance) {
  app.get('/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
