import {
  beneficiaryMessages,
  type BeneficiariesReply,
  type BeneficiaryDto,
  type BeneficiaryReply,
} from '@owo/shared/beneficiaries';
import { DISCOS } from '@owo/shared/billers';
import {
  BENEFICIARY_CAP,
  type BeneficiaryKind,
  type CreateBeneficiaryInput,
} from '@owo/shared/schemas/beneficiaries';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { beneficiariesRepository as repo, type BeneficiaryRow } from './repository';
import { recentKey, recentOf, recentsFrom } from './recents';

/** How far back the recents look: enough orders to find five numbers of each kind. */
const PAST_ORDERS_SCANNED = 200;

function toDto(row: BeneficiaryRow): BeneficiaryDto {
  return {
    _id: row.id,
    kind: row.kind,
    label: row.label,
    number: row.number,
    provider: row.provider === '' ? null : row.provider,
    providerName: row.providerName,
    meterType: row.meterType,
    verifiedName: row.verifiedName,
    createdAt: row.createdAt.toISOString(),
  };
}

function providerNameOf(input: CreateBeneficiaryInput): string | null {
  switch (input.kind) {
    case 'phone':
      return input.provider ?? null;
    case 'meter':
      return DISCOS.find((d) => d.serviceID === input.provider)?.name ?? null;
    case 'smartcard':
      return input.provider;
    case 'betting':
      return input.providerName || null;
    default:
      return null;
  }
}

/** Saved beneficiaries (owner-only, capped) and the recent numbers of the caller's own orders. */
export function createBeneficiaryService({ database, clock }: Pick<AppDeps, 'database' | 'clock'>) {
  const notFound = () => new AppError('NOT_FOUND', { message: beneficiaryMessages.notFound });

  return {
    async list(userId: string, kind?: BeneficiaryKind): Promise<BeneficiariesReply> {
      const [saved, past] = await Promise.all([
        repo.listOf(database.db, userId, kind),
        repo.pastOrders(database.db, userId, PAST_ORDERS_SCANNED),
      ]);
      const savedKeys = new Set(
        saved.map((s) => recentKey({ kind: s.kind, number: s.number, provider: s.provider })),
      );
      return {
        success: true,
        message: beneficiaryMessages.listed,
        data: saved.map(toDto),
        recent: recentsFrom(past, savedKeys, kind),
      };
    },

    async create(userId: string, input: CreateBeneficiaryInput): Promise<BeneficiaryReply> {
      const provider = 'provider' in input ? (input.provider ?? '') : '';
      // The verified name comes from the caller's own latest order for this number, if any.
      const key = recentKey({ kind: input.kind, number: input.number, provider });
      const past = await repo.pastOrders(database.db, userId, PAST_ORDERS_SCANNED);
      const match = past.map(recentOf).find((r) => r !== null && recentKey(r) === key);
      const now = clock.now();
      const row = await database.db.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        const values = { userId, kind: input.kind, provider, number: input.number };
        if (await repo.findSame(tx, values)) {
          throw new AppError('BENEFICIARY_EXISTS');
        }
        if ((await repo.countOf(tx, userId)) >= BENEFICIARY_CAP) {
          throw new AppError('BENEFICIARIES_FULL');
        }
        return repo.insert(tx, {
          ...values,
          label: input.label,
          providerName: match?.providerName ?? providerNameOf(input),
          meterType: input.kind === 'meter' ? input.meterType : null,
          verifiedName: match?.verifiedName ?? null,
          createdAt: now,
          updatedAt: now,
        });
      });
      return { success: true, message: beneficiaryMessages.saved, data: toDto(row) };
    },

    /**
     * The owner check comes before the body's (the route runs it before its schema): someone
     * else's id is 404 whatever they send, so a refusal never tells them the id exists. An id
     * the path schema refuses is left to it.
     */
    async assertOwned(userId: string, id: unknown) {
      if (typeof id !== 'string' || id.length > 64) return;
      if (!(await repo.ownedBy(database.db, userId, id))) throw notFound();
    },

    async rename(userId: string, id: string, label: string): Promise<BeneficiaryReply> {
      if (!(await repo.ownedBy(database.db, userId, id))) throw notFound();
      const row = await repo.rename(database.db, userId, id, label, clock.now());
      if (!row) throw notFound();
      return { success: true, message: beneficiaryMessages.renamed, data: toDto(row) };
    },

    async remove(userId: string, id: string) {
      if (!(await repo.remove(database.db, userId, id))) throw notFound();
      return { success: true as const, message: beneficiaryMessages.removed };
    },
  };
}

export type BeneficiaryService = ReturnType<typeof createBeneficiaryService>;
