import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** What PalmPay expects as the answer to a notification it should stop retrying. */
const PALMPAY_ACK = 'success';

/**
 * Supplier webhooks (no bearer auth: the signature is the authentication). Registered as an
 * encapsulated plugin so that its raw-body parser applies to these routes only: the signature is
 * checked over the exact bytes PalmPay sent, which a JSON parse-and-reserialise would not keep.
 */
export function webhookRoutes(
  app: FastifyInstance,
  { webhooks, ogdamsWebhooks, metrics }: Services,
) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });

    scope.post('/webhooks/palmpay', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const result = await webhooks.palmpay(raw);
      request.log.info({ kind: result.kind, outcome: result.outcome }, 'palmpay webhook');
      metrics.webhook('palmpay', result.outcome);
      return reply.type('text/plain; charset=utf-8').send(PALMPAY_ACK);
    });

    // Ogdams documents no acknowledgement body: any 2xx is one. A bad signature is 401.
    scope.post('/webhooks/ogdams', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = request.headers as Record<string, string | undefined>;
      const result = await ogdamsWebhooks.handle(raw, headers);
      request.log.info({ result }, 'ogdams webhook');
      metrics.webhook('ogdams', result);
      return reply.send({ status: true, message: 'received' });
    });
  });
}
