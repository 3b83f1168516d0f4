import { Link } from 'react-router';
import type { UserDto } from '@owo/shared/api-types';
import { Avatar } from '../../../components/Avatar';
import { ContactSupport } from '../../../components/ContactSupport';
import { BellIcon, HeadsetIcon } from '../../../components/icons';
import { usePulse } from '../../../lib/live-updates';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** Avatar (to /profile), greeting by first name or e-mail, and a support shortcut. */
export function HomeHeader({ user }: { user: UserDto }) {
  const name = user.firstName || user.email;
  return (
    <header className="flex items-center gap-3 px-5 pt-[max(env(safe-area-inset-top),1rem)] pb-2">
      <Link to="/profile" aria-label="Profile" className="shrink-0 rounded-full">
        <Avatar src={user.thumbnailUrl || user.imageUrl} name={name} size={44} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">{greeting(new Date().getHours())}</p>
        <h1 className="truncate text-base font-semibold">Hi, {name}</h1>
      </div>
      <NotificationBell />
      <ContactSupport>
        {(open, opening) => (
          <button
            type="button"
            onClick={open}
            disabled={opening}
            aria-label="Contact Support"
            className="grid size-11 place-items-center rounded-full bg-white text-brand-700 shadow-card hover:bg-brand-50"
          >
            <HeadsetIcon size={20} />
          </button>
        )}
      </ContactSupport>
    </header>
  );
}

/** The bell: the notification centre, with the unread count on it. */
function NotificationBell() {
  const unread = usePulse().data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      className="relative grid size-11 shrink-0 place-items-center rounded-full bg-white text-brand-700 shadow-card hover:bg-brand-50"
    >
      <BellIcon size={20} />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-white ring-2 ring-surface"
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
