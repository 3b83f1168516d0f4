import type { FastifyRequest } from 'fastify';
import { routeBody, supplierParams, thresholdBody } from '@owo/shared/suppliers';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import { messageReplySchema } from '@owo/shared/replies/common';
import { suppliersReplySchema } from '@owo/shared/replies/admin-system';

/** The admin who acts, for the audit log. */
const actorOf = (request: FastifyRequest) => {
  const { id, email } = authOf(request).user;
  return { id, email };
};

/**
 * The admin Suppliers screen: balances (read live from each supplier), low-balance thresholds and
 * the routing table. Every route checks the admin role on the server.
 */
export function supplierRoutes(app: Api, { suppliers, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };
  const base = '/admin/suppliers';

  // Support staff may look (a read); only an admin changes anything.
  app.get(
    base,
    { onRequest: guards.requireStaff, schema: { response: { 200: suppliersReplySchema } } },
    async () => suppliers.overview(),
  );

  app.put(
    `${base}/:supplier/threshold`,
    {
      ...admin,
      schema: {
        params: supplierParams,
        body: thresholdBody,
        response: { 200: messageReplySchema },
      },
    },
    async (r) => suppliers.setThreshold(actorOf(r), r.params.supplier, r.body.lowBalanceThreshold),
  );

  app.put(
    `${base}/routes`,
    { ...admin, schema: { body: routeBody, response: { 200: messageReplySchema } } },
    async (r) => {
      const { service, network, suppliers: list } = r.body;
      return suppliers.setRoute(actorOf(r), service, network, list);
    },
  );
}
