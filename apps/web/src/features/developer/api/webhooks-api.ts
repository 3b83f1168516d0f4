/** Profile → Developer → Webhook deliveries calls (bearer): the log and its replay. */
import type { WebhookDeliveriesReply, WebhookDeliveryReply } from '@owo/shared/developer-webhooks';
import { apiRequest } from '../../../lib/api';

export const webhookDeliveriesKey = ['developer', 'webhooks'] as const;

/** Deliveries a page of the screen asks for. */
export const WEBHOOKS_PAGE = 20;

export const listWebhookDeliveries = (page: number) =>
  apiRequest<WebhookDeliveriesReply>(`/developer/webhooks?page=${page}&limit=${WEBHOOKS_PAGE}`);

export const replayWebhookDelivery = (id: string) =>
  apiRequest<WebhookDeliveryReply>(`/developer/webhooks/${encodeURIComponent(id)}/replay`, {
    method: 'POST',
  });
