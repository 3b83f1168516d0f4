import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROLES } from '@owo/shared/constants';
import { AppError } from '../../errors';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional(),
});
export const idParams = z.object({ id: z.uuid() });
export const roleBody = z.object({
  role: z.enum(ROLES, { error: 'Role must be user, admin or support.' }),
});

/** Admin: the customer list (staff may read it) and role changes (admins only), on the server. */
export function adminUserRoutes(app: FastifyInstance, { adminUsers, guards }: Services) {
  app.get(
    '/admin/users',
    { onRequest: guards.requireStaff, schema: { querystring: listQuery } },
    async (request) => {
      return adminUsers.list(parse(listQuery, request.query));
    },
  );

  app.patch(
    '/admin/users/:id/role',
    { onRequest: guards.requireAdmin, schema: { params: idParams, body: roleBody } },
    async (request) => {
      const params = idParams.safeParse(request.params);
      // A malformed id names no user: the same 404 as an unknown one.
      if (!params.success) throw new AppError('NOT_FOUND');
      const { id } = params.data;
      const { role } = parse(roleBody, request.body);
      const { user } = authOf(request);
      return adminUsers.setRole({ id: user.id, email: user.email }, id, role);
    },
  );
}
