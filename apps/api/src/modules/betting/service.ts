import type { z } from 'zod';
import type { PalmPayWebhook, PurchaseOutcome } from '@owo/providers/types';
import type { BettingMetadata, BillerDto, BillerItemDto, ListReply } from '@owo/shared/api-types';
import { BETTING_SCENE_CODE } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { bettingPurchaseSchema } from '@owo/shared/schemas/betting';
import type { AppDeps } from '../../deps';
import type { RefundedDeliveryService } from '../adjustments/refunded-deliveries-service';
import { AppError } from '../../errors';
import type { OrderContext, PlaceOrder } from '../purchases/order-flow';
import type { StoredReply } from '../purchases/replies';
import type { Settlement } from '../purchases/settlement';
import { createBettingCatalogue } from './catalogue';
import { bettingRepository } from './repository';
import { notificationMatches } from './notification-match';

type BettingInput = z.output<typeof bettingPurchaseSchema>;
type BillNotification = Extract<PalmPayWebhook, { kind: 'bill' }>;

/** Naira as the spec's limit texts show them: grouped, decimals only when there are some. */
export function nairaText(kobo: number): string {
  const naira = kobo / 100;
  return Number.isInteger(naira)
    ? naira.toLocaleString('en-NG')
    : naira.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);

/**
 * Betting top-ups through PalmPay (spec §2/§4/§7 Betting). Billers and items come from PalmPay,
 * cached; a top-up is an ordinary two-phase order (purchases row product 'betting', supplier
 * 'palmpay') sold at face value. PalmPay reports the outcome twice: to our webhook
 * (handleNotification) and to a requery (the reconciler); both settle through the same
 * conditional state change, so an order resolves once.
 */
export function createBettingService(
  deps: AppDeps,
  placeOrder: PlaceOrder,
  settlement: Settlement,
  refundedDeliveries: RefundedDeliveryService,
) {
  const { config, clock, database, logger, providers } = deps;
  const catalogue = createBettingCatalogue(providers, clock);
  // Read when an order is placed: a test app learns its own origin only once it listens.
  const notifyUrl = () => `${config.publicBaseUrl}/api/webhooks/palmpay`;

  async function billers(): Promise<ListReply<BillerDto>> {
    const list = await catalogue.billers();
    return {
      success: true,
      message: messages.billersFetched,
      data: list.map((b) => ({
        billerId: b.billerId,
        billerName: b.billerName,
        billerIcon: b.billerIcon,
      })),
    };
  }

  async function items(billerId: string): Promise<ListReply<BillerItemDto>> {
    const list = await catalogue.items(billerId);
    return {
      success: true,
      message: messages.billerItemsFetched,
      data: list.map((i) => ({
        itemId: i.itemId,
        itemName: i.itemName,
        minAmount: i.minAmountKobo,
        maxAmount: i.maxAmountKobo,
        isFixAmount: i.isFixAmount,
      })),
    };
  }

  function purchase(ctx: Omit<OrderContext, 'pin'>, input: BettingInput): Promise<StoredReply> {
    return placeOrder({ ...ctx, pin: input.transactionPin }, async () => {
      const { biller, item } = await catalogue.item(input.billerId, input.itemId);
      const amountKobo = input.amount;
      if (item.isFixAmount && amountKobo !== item.minAmountKobo) {
        throw new AppError('AMOUNT_MISMATCH');
      }
      if (amountKobo < item.minAmountKobo) {
        throw new AppError('VALIDATION_FAILED', {
          message: fill(messages.bettingMinimum, { min: nairaText(item.minAmountKobo) }),
        });
      }
      if (amountKobo > item.maxAmountKobo) {
        throw new AppError('VALIDATION_FAILED', {
          message: fill(messages.bettingMaximum, { max: nairaText(item.maxAmountKobo) }),
        });
      }
      const metadata: BettingMetadata = {
        billerId: biller.billerId,
        billerName: biller.billerName,
        itemId: item.itemId,
        rechargeAccount: input.rechargeAccount,
        supplier: 'palmpay',
      };
      return {
        product: 'betting',
        // Betting has no switch of its own in the admin's list; the system switch stops it.
        service: 'system',
        serviceType: 'betting',
        description: `${biller.billerName} top-up`,
        metadata,
        // Face value: PalmPay takes the amount itself (no margin; docs/decisions/0011).
        sellingKobo: amountKobo,
        costKobo: amountKobo,
        request: {
          kind: 'palmpay-bill',
          sceneCode: BETTING_SCENE_CODE,
          billerId: biller.billerId,
          itemId: item.itemId,
          rechargeAccount: input.rechargeAccount,
          amountKobo,
          notifyUrl: notifyUrl(),
        },
      };
    });
  }

  /**
   * A bill notification whose signature the webhook route checked. Settles the order it names
   * through the purchase settlement (exactly once: the conditional state change); a duplicate, a
   * late one, or one about an order we do not have changes nothing. A notification that does not
   * match the order (PalmPay's charge, account; notification-match.ts) is not acted on: the
   * reconciler's requery decides instead.
   */
  async function handleNotification(event: BillNotification): Promise<void> {
    const order = await bettingRepository.orderByOutOrderNo(database.db, event.outOrderNo);
    const log = {
      order: order?.transactionId,
      outOrderNo: event.outOrderNo,
      eventId: event.eventId,
    };
    if (!order) {
      logger.warn(log, 'PalmPay bill notification for an order we do not have');
      return;
    }
    const request = order.request as { rechargeAccount?: string };
    const matches =
      notificationMatches(order, event.amountKobo) &&
      !(event.rechargeAccount && request.rechargeAccount !== event.rechargeAccount);
    if (order.state === 'delivered' || order.state === 'failed') {
      // A success for an order an admin already refunded: the customer has both (decision 0048).
      if (matches && event.orderStatus === 2) {
        await refundedDeliveries.noteDelivered(order, notifiedDelivery(event));
      }
      return;
    }
    if (!matches) {
      logger.warn(
        { ...log, amountKobo: event.amountKobo, orderKobo: order.costKobo },
        'PalmPay bill notification does not match its order; left to the requery',
      );
      return;
    }
    if (event.orderStatus === 1) return;
    const settled = await settlement.settle(
      order,
      event.orderStatus === 2
        ? notifiedDelivery(event)
        : {
            status: 'failed',
            description: `PalmPay notification: failed ${event.errorMsg}`.trim(),
            raw: event.raw,
          },
    );
    if (settled) {
      logger.info(
        { ...log, outcome: settled.status, at: clock.now().toISOString() },
        'betting order resolved by PalmPay notification',
      );
    }
  }

  return { billers, items, purchase, handleNotification };
}

function notifiedDelivery(
  event: BillNotification,
): Extract<PurchaseOutcome, { status: 'delivered' }> {
  return {
    status: 'delivered',
    providerReference: event.orderNo || undefined,
    description: 'PalmPay notification: success',
    raw: event.raw,
  };
}

export type BettingService = ReturnType<typeof createBettingService>;
