import type { ComponentType } from 'react';
import { NavLink, Outlet } from 'react-router';
import { HistoryIcon, HomeIcon, SettingsIcon } from '../../components/icons';

const tabs: { to: string; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { to: '/home', label: 'Home', Icon: HomeIcon },
  { to: '/transactions', label: 'History', Icon: HistoryIcon },
  { to: '/profile', label: 'Settings', Icon: SettingsIcon },
];

/** Screens with the bottom tab bar (Home, History, Settings). */
export function TabLayout() {
  return (
    <div className="mx-auto min-h-dvh max-w-md pb-24">
      {/* The tab screens' own content; the tab bar below is the page's navigation. */}
      <main>
        <Outlet />
      </main>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 backdrop-blur safe-bottom"
      >
        <ul className="mx-auto grid max-w-md grid-cols-3">
          {tabs.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `flex min-h-14 flex-col items-center justify-center gap-0.5 pt-2 text-xs font-medium transition-colors ${
                    isActive ? 'text-brand-700' : 'text-muted hover:text-ink'
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={`grid h-7 w-12 place-items-center rounded-full transition-colors ${
                        isActive ? 'bg-brand-50' : ''
                      }`}
                    >
                      <Icon size={22} />
                    </span>
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
