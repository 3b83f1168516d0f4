import {
  developerWebhookMessages as texts,
  type WebhookDeliveriesReply,
  type WebhookDeliveryDto,
  type WebhookDeliveryReply,
} from '@owo/shared/developer-webhooks';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import {
  webhookDeliveriesRepository as repo,
  type ListedDelivery,
} from './webhook-deliveries-repository';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toDto(row: ListedDelivery): WebhookDeliveryDto {
  return {
    _id: row.id,
    keyId: row.apiKeyId,
    keyName: row.keyName,
    event: row.event,
    reference: row.reference,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    body: row.body,
  };
}

/** A reseller's webhook log and its replay (Profile → Developer → Webhook deliveries). */
export function createDeveloperWebhookService({
  database,
  clock,
}: Pick<AppDeps, 'database' | 'clock'>) {
  const notFound = () => new AppError('NOT_FOUND', { message: texts.notFound });

  return {
    async list(
      userId: string,
      query: { page: number; limit: number; keyId?: string },
    ): Promise<WebhookDeliveriesReply> {
      const { rows, total } = await repo.listOf(database.db, userId, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        keyId: query.keyId,
      });
      return {
        success: true,
        message: texts.listed,
        data: rows.map(toDto),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          pages: Math.ceil(total / query.limit),
        },
      };
    },

    /**
     * The same body, queued to go now (the job signs it afresh with a new timestamp). Another
     * user's delivery is 404, as one that does not exist.
     */
    async replay(userId: string, id: string): Promise<WebhookDeliveryReply> {
      if (!(await repo.replay(database.db, userId, id, clock.now()))) throw notFound();
      const row = await repo.findListed(database.db, userId, id);
      if (!row) throw notFound();
      return { success: true, message: texts.replayed, data: toDto(row) };
    },
  };
}

export type DeveloperWebhookService = ReturnType<typeof createDeveloperWebhookService>;
