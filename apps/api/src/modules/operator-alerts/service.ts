import type { OperatorAlertsReply } from '@owo/shared/api-types';
import { ADMIN_TRANSACTIONS_PAGE_SIZE } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { alertsRepository } from '../purchases/alerts-repository';

/** The operator alerts raised by supplier refusals only an operator can fix, newest first. */
export function createOperatorAlertService({ database }: AppDeps) {
  return {
    async list(page: number): Promise<OperatorAlertsReply> {
      const limit = ADMIN_TRANSACTIONS_PAGE_SIZE;
      const { items, total, open } = await alertsRepository.page(
        database.db,
        limit,
        (page - 1) * limit,
      );
      return {
        success: true,
        data: items.map((a) => ({
          _id: a.id,
          supplier: a.supplier,
          message: a.message,
          transactionId: a.transactionId,
          detail: a.detail,
          createdAt: a.createdAt.toISOString(),
        })),
        open,
        pagination: { currentPage: page, totalPages: Math.ceil(total / limit), totalItems: total },
      };
    },
  };
}

export type OperatorAlertService = ReturnType<typeof createOperatorAlertService>;
