import { useState } from 'react';
import { ContactSupport } from '../../../components/ContactSupport';
import {
  AdminIcon,
  GiftIcon,
  HeadsetIcon,
  LockIcon,
  LogOutIcon,
  ShieldIcon,
} from '../../../components/icons';
import { CodeIcon } from '../../../components/more-icons';
import { useCurrentUser } from '../../../lib/current-user';
import { isStaff, useSession } from '../../../lib/session-store';
import { signOut } from '../../../lib/sign-out';
import { AvatarUpload } from '../components/AvatarUpload';
import { SettingsRow } from '../../../components/SettingsRow';
import { ThemeSwitch } from '../components/ThemeSwitch';

export function ProfilePage() {
  useCurrentUser();
  const user = useSession((s) => s.user);
  const [leaving, setLeaving] = useState(false);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const account = user.accountDetails;

  const logOut = async () => {
    setLeaving(true);
    // The route guard takes admins to /login and everyone else to the landing page.
    await signOut();
  };

  return (
    <div className="px-5 pt-[max(env(safe-area-inset-top),1rem)]">
      <h1 className="py-3 text-xl font-bold">Settings</h1>

      <section className="flex flex-col items-center rounded-3xl bg-white px-4 pt-6 pb-5 text-center shadow-card">
        <AvatarUpload name={user.firstName || user.email} />
        <p className="mt-4 text-lg font-semibold">{fullName || 'Your profile'}</p>
        <p className="text-sm text-muted">{user.email}</p>
        {account?.accountNumber ? (
          <div className="mt-4 w-full rounded-2xl bg-surface px-4 py-3 text-left">
            <p className="text-xs text-muted">{account.bankName}</p>
            <p className="mt-0.5 text-base font-semibold tracking-wide amount">
              {account.accountNumber}
            </p>
            {account.accountName ? (
              <p className="text-xs text-muted">{account.accountName}</p>
            ) : null}
          </div>
        ) : null}
      </section>

      <nav aria-label="Settings" className="mt-4 overflow-hidden rounded-3xl bg-white shadow-card">
        <ul className="divide-y divide-line">
          <li>
            <SettingsRow
              icon={<ShieldIcon size={20} />}
              label="Security"
              description="Password, PIN and signed-in devices"
              to="/profile/security"
            />
          </li>
          <li>
            <SettingsRow icon={<GiftIcon size={20} />} label="Referral" />
          </li>
          <li>
            <SettingsRow
              icon={<LockIcon size={20} />}
              label="Transaction PIN"
              description={
                user.hasSetTransactionPin ? 'Change your 4-digit PIN' : 'Set your 4-digit PIN'
              }
              to="/pin/create"
            />
          </li>
          <li>
            <SettingsRow
              icon={<CodeIcon size={20} />}
              label="Developer"
              description="API keys for your shop or app"
              to="/profile/developer"
            />
          </li>
          {isStaff(user) ? (
            <li>
              <SettingsRow icon={<AdminIcon size={20} />} label="Admin" to="/admin/dashboard" />
            </li>
          ) : null}
          <li>
            <ContactSupport>
              {(open, opening) => (
                <SettingsRow
                  icon={<HeadsetIcon size={20} />}
                  label="Contact Support"
                  onClick={open}
                  busy={opening}
                />
              )}
            </ContactSupport>
          </li>
          <li>
            <SettingsRow
              icon={<LogOutIcon size={20} />}
              label="Log Out"
              tone="danger"
              onClick={() => void logOut()}
              busy={leaving}
            />
          </li>
        </ul>
      </nav>

      <ThemeSwitch />
    </div>
  );
}
