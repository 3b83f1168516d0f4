import { adminMessages } from '@owo/shared/admin-messages';
import { naira } from '../../shared/format';
import { useActiveUsers, useTotalBalance } from '../api/analytics-api';
import { UsersIcon } from '../../shared/admin-icons';
import { Figure, Panel, PanelError } from './Panel';

const count = (n: number | undefined) => (n === undefined ? undefined : n.toLocaleString('en-NG'));

/** Users today and the sum of every wallet (spec 02 §2); the same on every period tab. */
export function UsersPanel() {
  const users = useActiveUsers();
  const balance = useTotalBalance();
  const u = users.data;
  const failed = users.isError || balance.isError;
  const retry = () => {
    if (users.isError) void users.refetch();
    if (balance.isError) void balance.refetch();
  };
  return (
    <Panel
      title={adminMessages.usersTitle}
      aside={<UsersIcon size={18} className="text-muted" />}
      busy={users.isFetching || balance.isFetching}
    >
      {failed ? (
        <PanelError onRetry={retry} />
      ) : (
        <div className="grid grid-cols-3 gap-2">
          <Figure
            testId="users-total"
            label={adminMessages.totalUsers}
            value={count(u?.totalUsers)}
          />
          <Figure
            testId="users-active"
            label={adminMessages.activeUsersToday}
            value={count(u?.transactingUsers.daily)}
          />
          <Figure
            testId="users-new"
            label={adminMessages.newUsersToday}
            value={count(u?.newUsersToday)}
          />
          <div
            data-testid="users-balance"
            className="col-span-3 flex items-center justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-3"
          >
            <p className="text-sm font-medium text-brand-800">{adminMessages.usersTotalBalance}</p>
            {balance.data ? (
              <p data-figure className="text-right text-lg font-bold text-brand-800 amount">
                {naira(balance.data.totalBalance)}
              </p>
            ) : (
              <span
                aria-hidden="true"
                className="block h-6 w-28 animate-pulse rounded-lg bg-brand-100"
              />
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}
