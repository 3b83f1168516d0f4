import { VTPASS_WEBHOOK_ACK } from '@owo/providers/vtpass/webhook';
import type { Services } from '../../services';
import { WEBHOOK_ROUTES, webhookProbeReplySchema } from '@owo/shared/replies/system';
import { probeReply } from './probe';
import type { Api } from '../../lib/route-validation';

/** What PalmPay expects as the answer to a notification it should stop retrying. */
const PALMPAY_ACK = 'success';

/**
 * Supplier webhooks (no bearer auth: the signature is the authentication). Registered as an
 * encapsulated plugin so that its raw-body parser applies to these routes only: the signature is
 * checked over the exact bytes PalmPay sent, which a JSON parse-and-reserialise would not keep.
 */
export function webhookRoutes(
  app: Api,
  { webhooks, ogdamsWebhooks, vtpassWebhooks, metrics }: Services,
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

    // VTpass waits for {"response": "success"} and sends the callback again (5 times in all)
    // until it gets it; 503 when VTpass could not confirm the event, so that it does.
    scope.post('/webhooks/vtpass', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const result = await vtpassWebhooks.handle(raw);
      request.log.info({ result }, 'vtpass webhook');
      metrics.webhook('vtpass', result);
      return reply.send(VTPASS_WEBHOOK_ACK);
    });

    // The go-live probe (`cli live-check`): a GET that reads and writes nothing and echoes its
    // nonce, so a call through PUBLIC_BASE_URL proves the route is ours and reachable.
    for (const supplier of WEBHOOK_ROUTES) {
      scope.get(
        `/webhooks/${supplier}`,
        { schema: { response: { 200: webhookProbeReplySchema } } },
        async (request) => probeReply(supplier, request.query),
      );
    }
  });
}
