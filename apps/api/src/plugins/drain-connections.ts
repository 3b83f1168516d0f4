import type { FastifyInstance } from 'fastify';

/** How often a draining server closes the keep-alive connections that have become idle. */
const IDLE_SWEEP_MS = 250;

/**
 * Lets a graceful stop end while a balancer keeps connections open to this node. Node's
 * server.close() closes the keep-alive connections that are idle at that moment, but not one that
 * is busy with a request then: after its reply it stays open until its keep-alive timeout (72 s),
 * and the stop waits for it. Behind nginx (upstream keepalive) every in-flight request is on
 * such a connection, so SIGTERM ran into the shutdown timeout instead of draining.
 *
 * Once the app is closing, every reply says `Connection: close` (the client, nginx included,
 * does not reuse the connection and the server closes it after the reply), and connections that
 * went idle without one (a reply already sent when the stop began) are closed every 250 ms until
 * the server has closed.
 */
export function drainConnections(app: FastifyInstance) {
  let draining = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    draining = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}
