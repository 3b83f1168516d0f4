import { z } from 'zod/mini';
import { SHUTDOWN_SERVICES } from '../constants';
import { NETWORK_NAMES } from '../networks';
import { ROUTABLE_SERVICES, SUPPLIER_IDS } from '../suppliers';
import { adminDataReply, adminNaira, adminPaginationSchema, count } from './admin-common';

const shutdownState = z.object({
  on: z.boolean(),
  until: z.nullable(z.string()),
  reason: z.string(),
});

/** Every service with when its shutdown ends (null: running). */
const shutdownData = z.record(z.enum(SHUTDOWN_SERVICES), shutdownState);

/** GET admin/system/status. */
export const shutdownStatusReplySchema = adminDataReply(shutdownData);

/** POST admin/system/emergency-shutdown and …/emergency-restore. */
export const shutdownReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: shutdownData,
});

const supplierId = z.enum(SUPPLIER_IDS);
const nullableText = () => z.nullable(z.string());

/** GET admin/suppliers: balances read live, thresholds and the routing table. */
export const suppliersReplySchema = adminDataReply(
  z.object({
    balances: z.array(
      z.object({
        supplier: supplierId,
        name: z.string(),
        role: z.string(),
        balance: z.nullable(adminNaira()),
        error: nullableText(),
        lowBalanceThreshold: adminNaira(),
        low: z.boolean(),
        webhook: z.nullable(
          z.object({
            verifiedAt: nullableText(),
            lastVerifiedAt: nullableText(),
            refusedCount: count(),
            lastRefusedAt: nullableText(),
            heldFromRouting: z.boolean(),
          }),
        ),
      }),
    ),
    routes: z.array(
      z.object({
        service: z.enum(Object.keys(ROUTABLE_SERVICES) as [keyof typeof ROUTABLE_SERVICES]),
        serviceName: z.string(),
        network: z.enum(NETWORK_NAMES),
        suppliers: z.array(supplierId),
        choices: z.array(supplierId),
      }),
    ),
    checkedAt: z.string(),
  }),
);

const actor = z.object({ _id: z.nullable(z.string()), email: z.string() });
// An entity's fields before and after a change, as each kind of entity has them (free-form).
const snapshot = z.nullable(z.record(z.string(), z.unknown()));

/** GET admin/audit?page=&actor=&action=: newest first, with the filters' choices. */
export const auditListReplySchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      _id: z.string(),
      actor,
      action: z.string(),
      entity: z.string(),
      entityId: z.string(),
      /** What the entity is called (a user's name and e-mail, an order, a plan); null: the id. */
      entityName: z.nullable(z.string()),
      before: snapshot,
      after: snapshot,
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
  pagination: adminPaginationSchema,
  filters: z.object({ actors: z.array(actor), actions: z.array(z.string()) }),
});
