import type { UserDto } from '@owo/shared/api-types';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { pillTone } from '../../shared/StatusPill';

export const fullName = (user: Pick<UserDto, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export const isSuspended = (user: Pick<UserDto, 'status'>) => user.status !== 'active';

/** Small tags beside a name: Suspended, and a staff role (customers carry none). */
export function UserBadges({ user }: { user: UserDto }) {
  return (
    <>
      {isSuspended(user) ? <Tag tone={pillTone.bad}>{m.statusSuspended}</Tag> : null}
      {user.role !== 'user' ? (
        <Tag tone={pillTone.checking}>{m.roleNames[user.role] ?? user.role}</Tag>
      ) : null}
    </>
  );
}

function Tag({ tone, children }: { tone: string; children: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${tone}`}
    >
      {children}
    </span>
  );
}
