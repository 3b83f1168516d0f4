import { useState } from 'react';
import { useParams } from 'react-router';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { AdminIcon, LockIcon, PlusIcon } from '../../../components/icons';
import { AlertCircleIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { Skeleton } from '../../../components/Skeleton';
import { isAdmin, useSession } from '../../../lib/session-store';
import { naira } from '../shared/format';
import { useAdminUserProfile } from './api/admin-users-api';
import { AdjustSheet } from './components/AdjustSheet';
import { IdentityCard, KycCard, LimitsCard } from './components/ProfileCards';
import { PriceTierCard } from './components/PriceTierCard';
import { RoleSheet } from './components/RoleSheet';
import { StatusSheet } from './components/StatusSheet';
import { isSuspended } from './components/UserBadges';
import { UserStatement } from './components/UserStatement';

type Sheet = 'credit' | 'debit' | 'suspend' | 'reactivate' | 'role' | null;

/**
 * One customer (/admin/users/:id): identity and suspension, balance with Credit and Debit, KYC
 * and accounts, today's limits, Suspend/Reactivate and Role, then the full statement.
 */
export function UserProfilePage() {
  const { id = '' } = useParams();
  const profile = useAdminUserProfile(id);
  const [sheet, setSheet] = useState<Sheet>(null);
  const data = profile.data?.data;
  const close = () => setSheet(null);
  const roleName = data ? (m.roleNames[data.user.role] ?? data.user.role) : '';
  // Support staff read the profile and the statement; money, suspension and roles are admins'.
  const canAct = useSession((s) => isAdmin(s.user));

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-10">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={m.profileTitle} backTo="/admin/users" />
      </div>
      <div className="grid grid-cols-1 gap-4 px-5 pt-1">
        {profile.isPending ? (
          <ProfileSkeleton />
        ) : !data ? (
          <EmptyState
            icon={<AlertCircleIcon size={26} />}
            title={m.profileLoadFailed}
            action={
              <Button variant="secondary" block={false} onClick={() => void profile.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <>
            <IdentityCard profile={data} />
            <section className="rounded-3xl bg-brand-700 p-5 text-white shadow-card">
              <p className="text-sm text-white/80">{m.balance}</p>
              <p data-testid="profile-balance" className="amount mt-1 text-3xl font-bold">
                {naira(data.user.accountBalance)}
              </p>
              {canAct ? (
                <div className="mt-4 grid grid-cols-2 gap-3">
                  <Button
                    variant="light"
                    icon={<PlusIcon size={18} />}
                    onClick={() => setSheet('credit')}
                  >
                    {m.credit}
                  </Button>
                  <Button
                    variant="light"
                    icon={<span aria-hidden="true">−</span>}
                    onClick={() => setSheet('debit')}
                  >
                    {m.debit}
                  </Button>
                </div>
              ) : null}
            </section>
            <LimitsCard profile={data} />
            <KycCard profile={data} />
            <PriceTierCard
              key={data.priceTier.code}
              userId={id}
              current={data.priceTier}
              canAct={canAct}
            />
            {canAct ? (
              <section className="grid grid-cols-2 gap-3">
                {isSuspended(data.user) ? (
                  <Button
                    variant="secondary"
                    icon={<LockIcon size={18} />}
                    onClick={() => setSheet('reactivate')}
                  >
                    {m.reactivate}
                  </Button>
                ) : (
                  <Button
                    variant="danger"
                    icon={<LockIcon size={18} />}
                    onClick={() => setSheet('suspend')}
                  >
                    {m.suspend}
                  </Button>
                )}
                <Button
                  variant="outline"
                  icon={<AdminIcon size={18} />}
                  aria-label={`${m.changeRole}: ${roleName}`}
                  onClick={() => setSheet('role')}
                >
                  <span className="flex flex-col text-left leading-tight">
                    <span className="text-xs font-medium text-muted">{m.changeRole}</span>{' '}
                    {/* The space keeps "Role" and the role two words, as the name says them. */}
                    <span>{roleName}</span>
                  </span>
                </Button>
              </section>
            ) : null}
            <UserStatement userId={id} />
          </>
        )}
      </div>
      {data && (sheet === 'credit' || sheet === 'debit') ? (
        <AdjustSheet
          userId={id}
          direction={sheet}
          balance={data.user.accountBalance}
          onClose={close}
        />
      ) : null}
      {data && (sheet === 'suspend' || sheet === 'reactivate') ? (
        <StatusSheet userId={id} action={sheet} onClose={close} />
      ) : null}
      {data && sheet === 'role' ? (
        <RoleSheet userId={id} current={data.user.role} onClose={close} />
      ) : null}
    </main>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true" data-testid="profile-skeleton">
      <div className="flex items-center gap-3 rounded-3xl bg-white p-4 shadow-card">
        <Skeleton className="size-13 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-3 w-44" />
        </div>
      </div>
      <Skeleton className="h-36 rounded-3xl" />
      <Skeleton className="h-28 rounded-3xl" />
      <Skeleton className="h-40 rounded-3xl" />
    </div>
  );
}
