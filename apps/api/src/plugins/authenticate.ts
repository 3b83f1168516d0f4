import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { SessionService } from '../modules/auth/session-service';
import type { UserWithBalance } from '../modules/users/repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user and their session. */
    auth?: { user: UserWithBalance; sessionId: string; sessionExpiresAt: Date };
  }
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Bearer auth on the server: every authenticated route runs requireUser, requireStaff (admin-area
 * reads) or requireAdmin (admin-area writes).
 */
export function createGuards(sessions: SessionService) {
  const requireUser: Guard = async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED');
    const found = await sessions.resolveWithUser(match[1]);
    if (found === 'idle') throw new AppError('SESSION_IDLE');
    if (found === 'expired') throw new AppError('SESSION_EXPIRED');
    if (!found || found.user.status !== 'active') throw new AppError('UNAUTHORIZED');
    request.auth = {
      user: found.user,
      sessionId: found.session.id,
      sessionExpiresAt: found.session.expiresAt,
    };
  };

  /** Everything that moves money or changes prices, plans, switches or settings. */
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (request.auth?.user.role !== 'admin') throw new AppError('FORBIDDEN');
  };

  /** The admin area's reads: admins and the read-only support role. */
  const requireStaff: Guard = async (request, reply) => {
    await requireUser(request, reply);
    const role = request.auth?.user.role;
    if (role !== 'admin' && role !== 'support') throw new AppError('FORBIDDEN');
  };

  return { requireUser, requireAdmin, requireStaff };
}

/** The signed-in user of a guarded route. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

export function clientMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}
