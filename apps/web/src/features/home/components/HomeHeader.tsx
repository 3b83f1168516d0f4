import { Link } from 'react-router';
import type { UserDto } from '@owo/shared/api-types';
import { Avatar } from '../../../components/Avatar';
import { ContactSupport } from '../../../components/ContactSupport';
import { HeadsetIcon } from '../../../components/icons';

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
