import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LockIcon, ShieldIcon } from '../../../components/icons';
import { ScreenLayout } from '../../../components/ScreenLayout';
import { useSession } from '../../../lib/session-store';
import { SettingsRow } from '../../../components/SettingsRow';
import { sessionsKey } from '../api/security-api';
import { ChangePasswordSheet } from '../components/ChangePasswordSheet';
import { DevicesCard } from '../components/DevicesCard';

/** Profile → Security: change password, change PIN, and the signed-in devices. */
export function SecurityPage() {
  const queryClient = useQueryClient();
  const hasPin = useSession((s) => s.user.hasSetTransactionPin);
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <ScreenLayout title="Security" backTo="/profile">
      <div className="px-5 pt-2 pb-10">
        <nav aria-label="Security" className="overflow-hidden rounded-3xl bg-white shadow-card">
          <ul className="divide-y divide-line">
            <li>
              <SettingsRow
                icon={<ShieldIcon size={20} />}
                label="Change password"
                description="Signs out your other devices"
                onClick={() => setChangingPassword(true)}
              />
            </li>
            <li>
              <SettingsRow
                icon={<LockIcon size={20} />}
                label={hasPin ? 'Change transaction PIN' : 'Set transaction PIN'}
                description={
                  hasPin ? 'Your current PIN is asked first' : 'You need it to approve payments'
                }
                to="/pin/create"
              />
            </li>
          </ul>
        </nav>
        <DevicesCard />
      </div>
      <ChangePasswordSheet
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: sessionsKey })}
      />
    </ScreenLayout>
  );
}
