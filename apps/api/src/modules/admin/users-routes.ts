import { z } from 'zod';
import { ADMIN_REASON_MAX, ROLES } from '@owo/shared/constants';
import { AppError } from '../../errors';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { historyQuery } from '../transactions/routes';
import { refusedAs, type Api } from '../../lib/route-validation';
import {
  adminUserChangeReplySchema,
  adminUserProfileReplySchema,
  adminUsersReplySchema,
} from '@owo/shared/replies/admin-users';
import { historyPageReplySchema } from '@owo/shared/replies/transactions';

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional(),
});
/** A malformed id names no user: the same 404 as an unknown one. */
export const idParams = refusedAs(z.object({ id: z.uuid() }), () => new AppError('NOT_FOUND'));
export const statusBody = z.object({
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(ADMIN_REASON_MAX),
});
export const roleBody = z.object({
  role: z.enum(ROLES, { error: 'Role must be user, admin or support.' }),
});

/**
 * Admin: the customer list (staff may read it), a customer's profile and statement, suspension
 * and role changes (admins only), each checked on the server.
 */
export function adminUserRoutes(app: Api, services: Services) {
  const { adminUsers, adminUserStatus, history, guards } = services;
  app.get(
    '/admin/users',
    {
      onRequest: guards.requireStaff,
      schema: { querystring: listQuery, response: { 200: adminUsersReplySchema } },
    },
    async (request) => {
      return adminUsers.list(request.query);
    },
  );

  app.patch(
    '/admin/users/:id/role',
    {
      onRequest: guards.requireAdmin,
      schema: { params: idParams, body: roleBody, response: { 200: adminUserChangeReplySchema } },
    },
    async (request) => {
      const id = request.params.id;
      const { role } = request.body;
      const { user } = authOf(request);
      return adminUsers.setRole({ id: user.id, email: user.email }, id, role);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: guards.requireStaff,
      schema: { params: idParams, response: { 200: adminUserProfileReplySchema } },
    },
    async (request) => adminUsers.profile(request.params.id),
  );

  // The customer's History, with the same filters (year, month, search) and page sizes. Support
  // staff read profiles and statements too (decision 0032).
  app.get(
    '/admin/users/:id/transactions',
    {
      onRequest: guards.requireStaff,
      schema: {
        params: idParams,
        querystring: historyQuery,
        response: { 200: historyPageReplySchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const query = request.query;
      await adminUsers.assertExists(id);
      return history.list(id, query);
    },
  );

  for (const action of ['suspend', 'reactivate'] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        onRequest: guards.requireAdmin,
        schema: {
          params: idParams,
          body: statusBody,
          response: { 200: adminUserChangeReplySchema },
        },
      },
      async (request) => {
        const id = request.params.id;
        const { reason } = request.body;
        const { user } = authOf(request);
        return adminUserStatus[action]({ id: user.id, email: user.email }, id, reason);
      },
    );
  }
}
