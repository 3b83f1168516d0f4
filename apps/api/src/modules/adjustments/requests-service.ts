import {
  ADJUSTMENTS_PAGE_SIZE,
  type AdjustmentDirection,
  type AdjustmentListReply,
  type AdjustmentRequestDto,
  type AdjustmentRequestReply,
} from '@owo/shared/adjustments';
import { adjustmentMessages, fillAdjustmentText } from '@owo/shared/adjustment-messages';
import { messages } from '@owo/shared/messages';
import { assertKobo, formatKobo, koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { lagosDay } from '../analytics/periods';
import { auditRepository, type Actor } from '../audit/repository';
import type { LimitsService } from '../limits/service';
import { limitsRepository } from '../limits/repository';
import { usersRepository } from '../users/repository';
import {
  adjustmentRequestsRepository as repo,
  type AdjustmentListRow,
  type AdjustmentRequestRow,
} from './requests-repository';
import { refundedDeliveriesRepository } from './refunded-deliveries-repository';
import { debitRefusal, type AdjustmentService } from './service';

export interface FileInput {
  userId: string;
  direction: AdjustmentDirection;
  amountKobo: number;
  reason: string;
  /** The requester's Idempotency-Key: a repeat with the same body answers the same request. */
  idempotencyKey?: string;
  /** A recovery of a refunded order the supplier delivered (decision 0048). */
  refundedDeliveryId?: string;
}

export interface ApproveInput {
  /** Let a credit pass the wallet's balance cap, for this reason (a review flag is written). */
  overrideCap?: boolean;
  reason?: string;
}

/** The same Idempotency-Key filed meanwhile: the transaction rolls back (its claim with it). */
class KeyAlreadyFiled extends Error {}

const directionName = (d: AdjustmentDirection) => adjustmentMessages.directionNames[d] ?? d;

/**
 * Maker–checker for money staff move (decision 0047). Filing a credit or debit claims the
 * requester's daily total and records the request; nothing moves. A second admin approves it
 * (the request's row locked, its status changed and the money posted in one transaction, so two
 * approvals at once post once) or rejects it. Nobody files for, or decides on, their own wallet,
 * and nobody decides their own request; the table's checks hold the same rules.
 */
export function createAdjustmentRequestService(
  deps: AppDeps,
  adjustments: AdjustmentService,
  limits: LimitsService,
) {
  const { database, clock, config } = deps;
  const db = database.db;

  function toDto(row: AdjustmentListRow): AdjustmentRequestDto {
    const r = row.request;
    const cap = limits.limitsFor(row.isKycVerified).balanceCapKobo;
    return {
      _id: r.id,
      user: {
        _id: r.userId,
        email: row.email,
        name: `${row.firstName} ${row.lastName}`.trim(),
      },
      direction: r.direction,
      amount: koboToNaira(r.amountKobo),
      reason: r.reason,
      status: r.status,
      requestedBy: r.requestedByEmail,
      requestedById: r.requestedById,
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: r.decidedByEmail,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      capOverride: r.capOverride,
      reference: row.reference,
      refundedDeliveryId: r.refundedDeliveryId,
      balance: koboToNaira(row.balanceKobo),
      balanceCap: koboToNaira(cap),
    };
  }

  async function dtoOf(id: string): Promise<AdjustmentRequestDto> {
    const row = await repo.one(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toDto(row);
  }

  /** The requester's key in the daily totals: their user id, or the CLI's "cli:<login>". */
  const requesterKey = (actor: Actor) => actor.id ?? actor.email;

  function sameBody(row: AdjustmentRequestRow, input: FileInput): boolean {
    return (
      row.userId === input.userId &&
      row.direction === input.direction &&
      row.amountKobo === input.amountKobo &&
      row.reason === input.reason.trim()
    );
  }

  async function replay(actor: Actor, input: FileInput): Promise<AdjustmentRequestReply | null> {
    if (!input.idempotencyKey || !actor.id) return null;
    const existing = await repo.findByKey(db, actor.id, input.idempotencyKey);
    if (!existing) return null;
    if (!sameBody(existing, input)) throw new AppError('IDEMPOTENCY_CONFLICT');
    return requestedReply(await dtoOf(existing.id));
  }

  function requestedReply(dto: AdjustmentRequestDto): AdjustmentRequestReply {
    return {
      success: true,
      message: fillAdjustmentText(adjustmentMessages.requested, {
        direction: directionName(dto.direction),
        amount: formatKobo(Math.round(dto.amount * 100)),
      }),
      data: dto,
    };
  }

  function dailyRefusal(usedKobo: number): AppError {
    const limit = config.adjustmentLimits.perAdminDailyKobo;
    return new AppError('ADJUSTMENT_LIMIT', {
      message: fillAdjustmentText(adjustmentMessages.overDaily, {
        used: formatKobo(usedKobo),
        limit: formatKobo(limit),
        room: formatKobo(Math.max(0, limit - usedKobo)),
      }),
    });
  }

  /** Files the request inside `tx` (a recovery adds its own writes around it). */
  async function fileIn(tx: Tx, actor: Actor, input: FileInput, now: Date) {
    const day = lagosDay(now);
    const claimed = await repo.claimDaily(
      tx,
      requesterKey(actor),
      day,
      input.amountKobo,
      config.adjustmentLimits.perAdminDailyKobo,
    );
    if (!claimed) throw dailyRefusal(await repo.usedOn(tx, requesterKey(actor), day));
    const created = await repo.insert(tx, {
      userId: input.userId,
      direction: input.direction,
      amountKobo: input.amountKobo,
      reason: input.reason.trim(),
      requestedById: actor.id,
      requestedByEmail: actor.email,
      requestedAt: now,
      requestedDay: day,
      idempotencyKey: actor.id ? (input.idempotencyKey ?? null) : null,
      refundedDeliveryId: input.refundedDeliveryId ?? null,
    });
    if (!created) throw new KeyAlreadyFiled();
    await auditRepository.record(
      tx,
      actor,
      {
        action: `adjustment.request`,
        entity: 'user',
        entityId: input.userId,
        after: {
          requestId: created.id,
          direction: input.direction,
          amountKobo: input.amountKobo,
          requestedBy: actor.email,
        },
        reason: input.reason.trim(),
      },
      now,
    );
    return created;
  }

  function validate(actor: Actor, input: FileInput) {
    assertKobo(input.amountKobo);
    if (input.amountKobo <= 0) {
      throw new AppError('VALIDATION_FAILED', { message: messages.invalidAmount });
    }
    const ceiling = config.adjustmentLimits.perRequestKobo;
    if (input.amountKobo > ceiling) {
      throw new AppError('VALIDATION_FAILED', {
        message: fillAdjustmentText(adjustmentMessages.overCeiling, { limit: formatKobo(ceiling) }),
      });
    }
    if (!input.reason.trim()) {
      throw new AppError('VALIDATION_FAILED', { message: adjustmentMessages.reasonRequired });
    }
    if (actor.id !== null && actor.id === input.userId) throw new AppError('ADJUSTMENT_OWN_WALLET');
  }

  async function file(actor: Actor, input: FileInput): Promise<AdjustmentRequestReply> {
    validate(actor, input);
    const replayed = await replay(actor, input);
    if (replayed) return replayed;
    if (!(await usersRepository.findById(db, input.userId))) throw new AppError('NOT_FOUND');
    try {
      const created = await db.transaction((tx) => fileIn(tx, actor, input, clock.now()));
      return requestedReply(await dtoOf(created.id));
    } catch (error) {
      // A concurrent twin with the same key filed first: this one rolled back, answer that one.
      const twin = error instanceof KeyAlreadyFiled ? await replay(actor, input) : null;
      if (twin) return twin;
      throw error instanceof KeyAlreadyFiled ? new AppError('ADJUSTMENT_ALREADY_DECIDED') : error;
    }
  }

  /** Locks the request and checks the decider may decide it (pending, not theirs, not their wallet). */
  async function lockForDecision(tx: Tx, decider: Actor & { id: string }, id: string) {
    const request = await repo.lock(tx, id);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'pending') throw new AppError('ADJUSTMENT_ALREADY_DECIDED');
    if (request.userId === decider.id) throw new AppError('ADJUSTMENT_OWN_WALLET');
    if (request.requestedById === decider.id) throw new AppError('ADJUSTMENT_OWN_REQUEST');
    return request;
  }

  const requesterOf = (r: AdjustmentRequestRow): Actor => ({
    id: r.requestedById,
    email: r.requestedByEmail,
  });

  async function approve(
    approver: Actor & { id: string },
    id: string,
    input: ApproveInput,
  ): Promise<AdjustmentRequestReply> {
    const overrideReason = input.overrideCap ? (input.reason ?? '').trim() : '';
    if (input.overrideCap && !overrideReason) {
      throw new AppError('VALIDATION_FAILED', { message: adjustmentMessages.overrideNeedsReason });
    }
    let target: { userId: string; amountKobo: number } | undefined;
    try {
      await db.transaction(async (tx) => {
        const request = await lockForDecision(tx, approver, id);
        target = request;
        const now = clock.now();
        const [wallet] = await limitsRepository.lockWallets(tx, [request.userId]);
        if (!wallet) throw new AppError('NOT_FOUND');
        const cap = limits.limitsFor(wallet.isKycVerified).balanceCapKobo;
        const after = wallet.balanceKobo + request.amountKobo;
        const overCap = request.direction === 'credit' && after > cap;
        if (overCap && !input.overrideCap) {
          throw new AppError('ADJUSTMENT_OVER_CAP', {
            message: fillAdjustmentText(adjustmentMessages.overCap, {
              after: formatKobo(after),
              cap: formatKobo(cap),
            }),
          });
        }
        const { transactionId } = await adjustments.post(
          tx,
          request.direction,
          {
            userId: request.userId,
            amountKobo: request.amountKobo,
            reason: request.reason,
            actor: approver,
          },
          approver,
          {
            requestId: request.id,
            requestedBy: requesterOf(request),
            capOverrideReason: overCap ? overrideReason : undefined,
          },
        );
        await repo.decide(tx, id, {
          status: 'approved',
          decidedById: approver.id,
          decidedByEmail: approver.email,
          decidedAt: now,
          decisionReason: overCap ? overrideReason : '',
          capOverride: overCap,
          transactionId,
        });
        if (overCap) {
          // The approver let it pass; the review flag keeps it in front of compliance.
          await limits.flagIfOverCap(tx, {
            userId: request.userId,
            transactionId,
            balanceKobo: after,
            source: 'operator_credit',
          });
        }
        if (request.refundedDeliveryId) {
          await refundedDeliveriesRepository.resolve(tx, request.refundedDeliveryId, {
            status: 'recovered',
            from: ['recovery_requested'],
          });
        }
      });
    } catch (error) {
      throw target ? await debitRefusal(db, error, target.userId, target.amountKobo) : error;
    }
    const dto = await dtoOf(id);
    return {
      success: true,
      message: fillAdjustmentText(adjustmentMessages.approved, {
        direction: directionName(dto.direction),
        amount: formatKobo(Math.round(dto.amount * 100)),
      }),
      data: dto,
    };
  }

  async function reject(
    rejecter: Actor & { id: string },
    id: string,
    reason: string,
  ): Promise<AdjustmentRequestReply> {
    const why = reason.trim();
    if (!why)
      throw new AppError('VALIDATION_FAILED', { message: adjustmentMessages.reasonRequired });
    await db.transaction(async (tx) => {
      const request = await lockForDecision(tx, rejecter, id);
      const now = clock.now();
      await repo.decide(tx, id, {
        status: 'rejected',
        decidedById: rejecter.id,
        decidedByEmail: rejecter.email,
        decidedAt: now,
        decisionReason: why,
        capOverride: false,
      });
      // Nothing moved: the amount no longer counts against the requester's day.
      await repo.releaseDaily(
        tx,
        requesterKey(requesterOf(request)),
        request.requestedDay,
        request.amountKobo,
      );
      if (request.refundedDeliveryId) {
        await refundedDeliveriesRepository.resolve(tx, request.refundedDeliveryId, {
          status: 'open',
          from: ['recovery_requested'],
        });
      }
      await auditRepository.record(
        tx,
        rejecter,
        {
          action: 'adjustment.reject',
          entity: 'user',
          entityId: request.userId,
          after: {
            requestId: request.id,
            direction: request.direction,
            amountKobo: request.amountKobo,
            requestedBy: request.requestedByEmail,
            rejectedBy: rejecter.email,
          },
          reason: why,
        },
        now,
      );
    });
    return { success: true, message: adjustmentMessages.rejected, data: await dtoOf(id) };
  }

  return {
    file,
    fileIn,
    validate,
    approve,
    reject,
    get: dtoOf,

    async list(status: 'pending' | 'decided', page: number): Promise<AdjustmentListReply> {
      const limit = ADJUSTMENTS_PAGE_SIZE;
      const { items, total } = await repo.page(db, status === 'pending', limit, (page - 1) * limit);
      return {
        success: true,
        data: {
          requests: items.map(toDto),
          pagination: {
            currentPage: page,
            totalPages: Math.ceil(total / limit),
            totalItems: total,
          },
        },
      };
    },
  };
}

export type AdjustmentRequestService = ReturnType<typeof createAdjustmentRequestService>;
