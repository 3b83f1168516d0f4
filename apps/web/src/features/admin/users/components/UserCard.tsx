import { Link } from 'react-router';
import type { UserDto } from '@owo/shared/api-types';
import { Avatar } from '../../../../components/Avatar';
import { ChevronRightIcon } from '../../../../components/icons';
import { naira } from '../../shared/format';
import { UserBadges, fullName } from './UserBadges';

/** One customer in the list: who they are, how to reach them, their balance; opens the profile. */
export function UserCard({ user }: { user: UserDto }) {
  const name = fullName(user);
  return (
    <Link
      to={`/admin/users/${user._id}`}
      className="flex items-center gap-3 rounded-3xl bg-white p-4 shadow-card transition-colors hover:bg-white/80 active:bg-brand-50"
    >
      <Avatar src={user.thumbnailUrl || undefined} name={name} size={44} />
      <span className="min-w-0 flex-1 [contain:inline-size]">
        <span className="flex items-center gap-1.5">
          <span className="truncate font-semibold text-ink">{name}</span>
          <UserBadges user={user} />
        </span>
        {/* Without a name the e-mail is already the title: said once, with why. */}
        {name === user.email ? (
          <span className="block truncate text-sm text-muted italic">No name yet</span>
        ) : (
          <span className="block truncate text-sm text-muted">{user.email}</span>
        )}
        <span className="block truncate text-xs text-muted">
          {[user.phoneNumber, user.accountNumber].filter(Boolean).join(' · ')}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-1">
        <span className="amount text-right text-sm font-semibold text-ink">
          {naira(user.accountBalance)}
        </span>
        <ChevronRightIcon size={18} className="text-muted" />
      </span>
    </Link>
  );
}
