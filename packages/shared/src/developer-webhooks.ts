/**
 * Resellers' webhook deliveries (decision 0089): the texts the screen and the API share, and the
 * reply shapes of the delivery log and its replay, read from replies/developer-webhooks.ts.
 */
import type { z } from 'zod/mini';
import type {
  webhookDeliveryDtoSchema,
  webhookDeliveriesReplySchema,
  webhookDeliveryReplySchema,
} from './replies/developer-webhooks';

export const developerWebhookMessages = {
  listed: 'Webhook deliveries retrieved',
  replayed: 'Webhook queued to be sent again',
  notFound: 'Webhook delivery not found.',
  title: 'Webhook deliveries',
  intro:
    'Every final outcome of an order placed with your API keys is posted to the key’s webhook URL, signed. Failed posts are retried for 24 hours.',
  emptyTitle: 'No webhooks yet',
  empty:
    'They appear here once an order placed with a key that has a webhook URL is delivered, failed or reversed.',
  loadFailed: 'We could not load your webhook deliveries. Please try again.',
  retry: 'Try again',
  replay: 'Replay',
  replaying: 'Sending…',
  replayFailed: 'We could not queue the webhook again. Please try again.',
  delivered: 'Delivered',
  failed: 'Failed',
  retrying: (attempts: number) =>
    attempts === 0 ? 'Queued' : `Retrying (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})`,
  lastStatus: (status: number | null) => (status === null ? 'No answer' : `HTTP ${status}`),
  loadMore: 'Load more',
  events: {
    'purchase.delivered': 'Order delivered',
    'purchase.failed': 'Order failed',
    'purchase.reversed': 'Order reversed',
  },
} as const;

export type WebhookDeliveryDto = z.output<typeof webhookDeliveryDtoSchema>;
export type WebhookDeliveriesReply = z.output<typeof webhookDeliveriesReplySchema>;
export type WebhookDeliveryReply = z.output<typeof webhookDeliveryReplySchema>;
