import type { AdminUserProfileReply } from '@owo/shared/api-types';
import { adminUserMessages as m } from '@owo/shared/admin-user-messages';
import { Avatar } from '../../../../components/Avatar';
import { BankIcon, ShieldIcon } from '../../../../components/icons';
import { ClockIcon } from '../../../../components/more-icons';
import { formatDateGB, naira } from '../../shared/format';
import { StatusPill, pillTone } from '../../shared/StatusPill';
import { UserBadges, fullName, isSuspended } from './UserBadges';

type Profile = AdminUserProfileReply['data'];

/** Who the customer is, and why they are suspended when they are. */
export function IdentityCard({ profile }: { profile: Profile }) {
  const { user, lastStatusChange } = profile;
  const name = fullName(user);
  return (
    <section className="rounded-3xl bg-white p-4 shadow-card" aria-label="Customer">
      <div className="flex items-center gap-3">
        <Avatar src={user.thumbnailUrl || undefined} name={name} size={52} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <h2 className="truncate text-lg font-semibold text-ink">{name}</h2>
            <UserBadges user={user} />
          </div>
          {name === user.email ? (
            <p className="text-sm text-muted italic">No name yet</p>
          ) : (
            <p className="truncate text-sm text-muted">{user.email}</p>
          )}
          {user.phoneNumber ? <p className="text-sm text-muted">{user.phoneNumber}</p> : null}
        </div>
      </div>
      {isSuspended(user) && lastStatusChange?.action === 'suspend' ? (
        <p
          data-testid="suspension-reason"
          className="mt-3 rounded-2xl bg-red-50 px-3 py-2 text-sm break-words text-danger"
        >
          {m.suspendedBecause.replace('{reason}', lastStatusChange.reason)}
          <span className="block text-xs text-danger/80">
            {lastStatusChange.by} · {formatDateGB(lastStatusChange.at)}
          </span>
        </p>
      ) : null}
    </section>
  );
}

/** KYC state with the newest identity check, and the customer's bank accounts. */
export function KycCard({ profile }: { profile: Profile }) {
  const { kyc, accounts } = profile;
  return (
    <section className="rounded-3xl bg-white p-4 shadow-card" aria-label={m.kycTitle}>
      <div className="flex items-center justify-between gap-3">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <ShieldIcon size={18} className="text-brand-700" />
          {m.kycTitle}
        </h3>
        <StatusPill
          label={kyc.verified ? m.kycVerified : m.kycNotVerified}
          tone={kyc.verified ? pillTone.good : pillTone.closed}
        />
      </div>
      {kyc.lastCheck ? (
        <p className="mt-2 text-sm text-muted">
          {m.kycLastCheck}: {kyc.lastCheck.type} ···{kyc.lastCheck.numberHint} ·{' '}
          {kyc.lastCheck.status} · {formatDateGB(kyc.lastCheck.at)}
        </p>
      ) : null}
      <h4 className="mt-4 mb-1 flex items-center gap-2 text-sm font-semibold text-ink">
        <BankIcon size={16} className="text-brand-700" />
        {m.accountsTitle}
      </h4>
      {accounts.length === 0 ? (
        <p className="text-sm text-muted">{m.noAccounts}</p>
      ) : (
        <ul className="divide-y divide-line">
          {accounts.map((a) => (
            <li key={`${a.kind}-${a.accountNumber}`} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-ink">{a.bankName}</span>
                <span className="block truncate text-xs text-muted">{a.accountName}</span>
              </span>
              <span className="amount shrink-0 text-sm font-semibold text-ink">
                {a.accountNumber}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Today's outflow against the daily limit of the customer's KYC level, and the balance cap. */
export function LimitsCard({ profile }: { profile: Profile }) {
  const { dailyOut, spentToday, balanceCap } = profile.limits;
  const used = dailyOut > 0 ? Math.min(100, (spentToday / dailyOut) * 100) : 0;
  return (
    <section className="rounded-3xl bg-white p-4 shadow-card" aria-label={m.limitsTitle}>
      <h3 className="flex items-center gap-2 font-semibold text-ink">
        <ClockIcon size={18} className="text-brand-700" />
        {m.limitsTitle}
      </h3>
      <div className="mt-3 flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted">{m.dailyOutflow}</span>
        <span data-testid="daily-outflow" className="amount font-semibold text-ink">
          {naira(spentToday)} <span className="font-normal text-muted">of {naira(dailyOut)}</span>
        </span>
      </div>
      <div
        role="meter"
        aria-label={m.dailyOutflow}
        aria-valuemin={0}
        aria-valuemax={dailyOut}
        aria-valuenow={spentToday}
        className="mt-2 h-2 overflow-hidden rounded-full bg-brand-50"
      >
        <div
          className={`h-full rounded-full ${used >= 90 ? 'bg-danger' : 'bg-brand-600'}`}
          style={{ width: `${used}%` }}
        />
      </div>
      <div className="mt-3 flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted">{m.balanceCap}</span>
        <span className="amount font-semibold text-ink">{naira(balanceCap)}</span>
      </div>
    </section>
  );
}
