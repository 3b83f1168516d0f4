import type { AppDeps } from './deps';
import { createAuthService } from './modules/auth/service';
import { createOtpService } from './modules/auth/otp-service';
import { createSessionService } from './modules/auth/session-service';
import { createGuards } from './plugins/authenticate';
import { createPinService } from './modules/pin/service';
import { createUserService } from './modules/users/service';
import { createAdminUserService } from './modules/admin/users-service';

/** Builds every service once per app; routes receive them, never the database. */
export function createServices(deps: AppDeps) {
  const otp = createOtpService(deps);
  const sessions = createSessionService(deps);
  const guards = createGuards(sessions, deps.database);
  const auth = createAuthService(deps, otp, sessions);
  const users = createUserService(deps);
  const pin = createPinService(deps, otp);
  const adminUsers = createAdminUserService(deps);
  return { deps, otp, sessions, guards, auth, users, pin, adminUsers };
}

export type Services = ReturnType<typeof createServices>;
