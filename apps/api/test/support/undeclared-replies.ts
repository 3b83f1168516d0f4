/**
 * Operations without a declared success reply (decision 0071): each one because its reply is not
 * a JSON body of ours. Only ever shrinks: the reply test fails when a route outside this list has
 * no success reply, and when one listed here gains one (take it off).
 */
export const OPERATIONS_WITHOUT_SUCCESS_REPLY: readonly string[] = [
  // CSV files (text/csv), streamed.
  'GET /api/admin/analytics/betting/export',
  'GET /api/admin/transactions/export',
  'GET /api/airtime-swap/admin/export',
  'GET /api/transactions/statement',
  // An image's bytes (image/webp), not JSON.
  'GET /api/files/{id}',
  // Server-sent events (text/event-stream), decision 0074.
  'GET /api/notifications/stream',
  // The document itself: an OpenAPI object, not a reply of ours.
  'GET /api/openapi.json',
  // The webhooks answer in each supplier's own acknowledgement format (PalmPay's is text/plain).
  'POST /api/webhooks/ogdams',
  'POST /api/webhooks/palmpay',
  'POST /api/webhooks/vtpass',
];
