import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { adminTransactionsExportQuery, bettingStatsExportQuery } from '@owo/shared/schemas/admin';
import { swapExportQuery } from '@owo/shared/schemas/airtime-swap';
import type { Services } from '../../services';
import { attachment } from './file-names';
import type { Api } from '../../lib/route-validation';

function sendCsv(
  reply: FastifyReply,
  { fileName, stream }: { fileName: string; stream: Readable },
) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'no-store')
    .send(stream);
}

/**
 * CSV downloads of the admin lists, with each list's filters (decision 0031). Admins only, on
 * the server: a file of every customer's details leaves the building, so not the support role.
 */
export function exportRoutes(app: Api, { csvExports, guards }: Services) {
  const admin = { onRequest: guards.requireAdmin };

  app.get(
    '/admin/transactions/export',
    { ...admin, schema: { querystring: adminTransactionsExportQuery } },
    async (request, reply) => sendCsv(reply, csvExports.transactions(request.query)),
  );

  app.get(
    '/airtime-swap/admin/export',
    { ...admin, schema: { querystring: swapExportQuery } },
    async (request, reply) => sendCsv(reply, csvExports.swaps(request.query)),
  );

  app.get(
    '/admin/analytics/betting/export',
    { ...admin, schema: { querystring: bettingStatsExportQuery } },
    async (request, reply) => sendCsv(reply, csvExports.betting(request.query)),
  );
}
