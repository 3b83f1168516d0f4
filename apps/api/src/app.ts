import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import type { AppDeps } from './deps';
import { errorBody, errorCatalogue } from './errors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerNulGuard } from './plugins/reject-nul';
import { helmetOptionsFor } from './plugins/security-headers';
import { authRoutes } from './modules/auth/routes';
import { systemRoutes } from './modules/system/routes';
import { userRoutes } from './modules/users/routes';
import { fileRoutes } from './modules/files/routes';
import { pinRoutes } from './modules/pin/routes';
import { securityRoutes } from './modules/security/routes';
import { adminUserRoutes } from './modules/admin/users-routes';
import { priceTierRoutes } from './modules/price-tiers/routes';
import { adjustmentRoutes } from './modules/adjustments/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { purchaseRoutes } from './modules/purchases/routes';
import { historyRoutes } from './modules/transactions/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { statementRoutes } from './modules/statements/routes';
import { transferRoutes } from './modules/transfers/routes';
import { beneficiaryRoutes } from './modules/beneficiaries/routes';
import { developerWebhookRoutes } from './modules/developer/webhooks-routes';
import { developerKeyRoutes } from './modules/developer/routes';
import { bettingRoutes } from './modules/betting/routes';
import { servicesPayRoutes } from './modules/services-pay/routes';
import { airtimeSwapRoutes } from './modules/airtime-swap/routes';
import { airtimeSwapAdminRoutes } from './modules/airtime-swap/admin-routes';
import { depositRoutes } from './modules/deposits/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { kycRoutes } from './modules/kyc/routes';
import { kycReviewRoutes } from './modules/kyc/review-routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { adminProductRoutes } from './modules/admin-products/routes';
import { supplierRoutes } from './modules/suppliers/routes';
import { adminTransactionRoutes } from './modules/admin-transactions/routes';
import { switchAdminRoutes } from './modules/switches/admin-routes';
import { auditRoutes } from './modules/audit/routes';
import { bettingStatsRoutes } from './modules/betting-stats/routes';
import { exportRoutes } from './modules/exports/routes';
import { createServices, type Services } from './services';
import { operatorAlertRoutes } from './modules/operator-alerts/routes';
import { alertRoutes } from './modules/alerts/routes';
import { sandboxRoutes } from './modules/sandbox/routes';
import { openapiRoutes, registerApiDocument } from './modules/openapi/document';
import { registerDocsPage } from './modules/openapi/docs-page';
import { type RouteSchema, withErrorReplies } from './modules/openapi/error-replies';
import { fastifyTrustProxy } from './production-profile';
import { drainConnections } from './plugins/drain-connections';
import { isApiKeyGuard } from './plugins/api-key';
import { publicApiRoutes } from './modules/public-api/routes';
import { publicApiDocumentRoute } from './modules/public-api/document';
import type { ZodTypeProvider } from './lib/route-validation';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every API route as registered (the access matrix and fuzzer are generated from it). */
    routeTable: ApiRoute[];
  }
}

/** Who may call a route, read from the guard it registered with. */
/** staff: the admin area's reads (admin or support); admin: its writes (admin only). */
/** apikey: the reseller API's routes, guarded by an API key (decision 0087), not a session. */
export type RouteAccess = 'public' | 'user' | 'staff' | 'admin' | 'apikey';

export interface ApiRoute {
  method: string;
  /** The full path with its parameters, e.g. /api/transactions/:id. */
  url: string;
  access: RouteAccess;
  /** The zod schemas the route declared (body, querystring, params), read by the fuzzer. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

/**
 * Builds the app without listening: server.ts listens, tests call app.inject. Order: framework
 * plugins, then our error handler, then the API routes under /api, then the web app.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 64 * 1024,
    // A path that does not decode (%E0%A4%A) or a parameter too long to name anything: our error
    // body, not Fastify's own (found by the fuzzer); a long id is answered like a
    // malformed one, 404.
    frameworkErrors: (error, _request, reply) => {
      const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      const { status, message } = errorCatalogue[code];
      return (reply as FastifyReply).status(status).send(errorBody(code, message));
    },
    // A request that reaches a stopping node on a connection it already had is served (with
    // Connection: close), not refused: nginx does not resend a refused POST elsewhere.
    return503OnClosing: false,
  });
  drainConnections(app);
  // Which API process answered, outside production (decision 0038): how a test or an operator
  // sees the requests spread over a cluster's workers. Production keeps pids to itself.
  const apiWorker =
    deps.config.apiWorkerIndex !== undefined && deps.config.nodeEnv !== 'production'
      ? `${deps.config.apiWorkerIndex}:${process.pid}`
      : undefined;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (apiWorker) reply.header('x-api-worker', apiWorker);
  });

  // The web build sets no CSP of its own: the policy (Google sign-in, chat widget) is set here.
  await app.register(helmet, helmetOptionsFor(deps.config));
  // The web app is served from this origin, so by default no other origin may call the API from a
  // browser; CORS_ORIGINS names the ones that may (decision 0014). Bearer tokens, no cookies.
  await app.register(cors, {
    origin: deps.config.corsOrigins.length > 0 ? deps.config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
    maxAge: 600,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });
  registerErrorHandler(app);
  registerNulGuard(app);

  const services = createServices(deps);
  app.decorate('services', services);
  // Live streams never finish on their own: the stop ends them first (their apps reconnect to
  // another process), so closing the server does not wait on them; then the LISTEN closes.
  app.addHook('preClose', async () => services.liveUpdates.endAll());
  app.addHook('onClose', async () => services.liveUpdates.close());
  // Count and latency by route pattern (decision 0026): the raw URL would carry ids.
  app.addHook('onResponse', async (request, reply) => {
    const { method, routeOptions } = request;
    services.metrics.request(method, routeOptions.url, reply.statusCode, reply.elapsedTime);
  });

  const routeTable: ApiRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // Routes hidden from the document are pages, not API operations: the docs page and its script.
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean);
    const access: RouteAccess = hooks.includes(services.guards.requireAdmin)
      ? 'admin'
      : hooks.includes(services.guards.requireStaff)
        ? 'staff'
        : hooks.includes(services.guards.requireUser)
          ? 'user'
          : hooks.some(isApiKeyGuard)
            ? 'apikey'
            : 'public';
    // Every route declares the error replies its guards, schemas and path can answer.
    route.schema = withErrorReplies(route.url, route.schema as RouteSchema | undefined, access);
    for (const method of [route.method].flat()) {
      // HEAD routes are fastify's automatic twins of GET routes.
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  // The API document collects the routes registered after it (decision 0025).
  await registerApiDocument(app);
  await app.register(
    async (plain) => {
      // Request parts typed as their zod schemas' output (decision 0071).
      const api = plain.withTypeProvider<ZodTypeProvider>();
      systemRoutes(api, services);
      openapiRoutes(api);
      authRoutes(api, services);
      userRoutes(api, services);
      fileRoutes(api, services);
      pinRoutes(api, services);
      // Profile → Security: change password, signed-in devices
      securityRoutes(api, services);
      adminUserRoutes(api, services);
      // reseller price tiers: the tiers' discounts and a customer's tier (decision 0090)
      priceTierRoutes(api, services);
      adjustmentRoutes(api, services);
      catalogueRoutes(api, services);
      purchaseRoutes(api, services);
      historyRoutes(api, services);
      // the notification centre and the pulse the app polls (decision 0033)
      notificationRoutes(api, services);
      statementRoutes(api, services);
      transferRoutes(api, services);
      // saved beneficiaries and recent numbers
      beneficiaryRoutes(api, services);
      // resellers' webhook deliveries: the log and its replay (decision 0089)
      developerWebhookRoutes(api, services);
      // Profile → Developer: the customer's API keys (decision 0087)
      developerKeyRoutes(api, services);
      bettingRoutes(api, services);
      servicesPayRoutes(api, services);
      airtimeSwapRoutes(api, services);
      airtimeSwapAdminRoutes(api, services);
      depositRoutes(api, services);
      webhookRoutes(api, services);
      kycRoutes(api, services);
      // the admin review of identities whose holder did not match the profile
      kycReviewRoutes(api, services);
      // admin analytics
      analyticsRoutes(api, services);
      // admin products and prices
      adminProductRoutes(api, services);
      // admin transactions
      adminTransactionRoutes(api, services);
      // shutdown controls and the audit log
      switchAdminRoutes(api, services);
      auditRoutes(api, services);
      bettingStatsRoutes(api, services);
      // CSV exports of the admin lists
      exportRoutes(api, services);
      operatorAlertRoutes(api, services);
      // admin e-mail alerts: open conditions, acknowledging, settings
      alertRoutes(api, services);
      // supplier balances, thresholds and routing
      supplierRoutes(api, services);
      // sandbox mode only: absent (404) in live mode and production
      if (services.sandbox) sandboxRoutes(api, services);
      // the reseller API, with API keys instead of sessions (decision 0087)
      api.register(
        async (v1) => {
          publicApiRoutes(v1.withTypeProvider<ZodTypeProvider>(), services);
          publicApiDocumentRoute(v1);
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/api' },
  );
  // A viewer of that document, served from our origin (decision 0082).
  await registerDocsPage(app);

  const webRoot = deps.config.webDistDir;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  // The build's copy of index.html with the home screen prerendered into it, for /home
  // (apps/web/scripts/prerender-landing.ts).
  const hasHomeDocument = hasWeb && existsSync(path.join(webRoot, 'home.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes .br/.gz twins of its text files (apps/web/scripts/precompress.ts):
      // sent to clients that accept them, so the JavaScript travels at a third of its size.
      preCompressed: true,
      // Our cache-control only (setHeaders and the documents below), never send's max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell and the service worker must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || !hasWeb) {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    }
    // Every client route loads the single-page app; it decides what to show.
    const document = hasHomeDocument && url.split('?')[0] === '/home' ? 'home.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(document, webRoot);
  });

  return app;
}
