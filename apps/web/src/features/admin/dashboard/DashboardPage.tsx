import { useState } from 'react';
import { Link } from 'react-router';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { isAdmin, useSession } from '../../../lib/session-store';
import { DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';
import { buttonClasses } from '../../../components/Button';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { analyticsKey } from './api/analytics-api';
import { systemStatusKey } from '../shared/system-api';
import { AdminLinks } from './components/AdminLinks';
import { NeedsDecisionLink } from '../needs-decision/components/NeedsDecisionLink';
import { RefreshIcon } from '../shared/admin-icons';
import { PeriodTabs } from './components/PeriodTabs';
import { ProfitPanel } from './components/ProfitPanel';
import { TierMarginPanel } from './components/TierMarginPanel';
import { RevenueSection } from './components/RevenueSection';
import { SystemSwitchCard } from './components/SystemSwitchCard';
import { TransactionsPanel } from './components/TransactionsPanel';
import { UsersPanel } from './components/UsersPanel';

/** Admin Dashboard (/admin/dashboard, spec 02 §2): the period's figures and the system switch. */
export function DashboardPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: analyticsKey }) > 0;
  // The system switch is an admin's; support staff see the figures only.
  const admin = useSession((s) => isAdmin(s.user));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: analyticsKey });
    void queryClient.invalidateQueries({ queryKey: systemStatusKey });
  };

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-8">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] pb-2 backdrop-blur">
        <ScreenHeader
          title={adminMessages.dashboardTitle}
          backTo="/home"
          trailing={
            <button
              type="button"
              onClick={refresh}
              aria-label="Refresh"
              className="-mr-2 grid size-11 place-items-center rounded-full text-ink hover:bg-white"
            >
              <RefreshIcon size={20} className={fetching ? 'animate-spin' : ''} />
            </button>
          }
        />
        <PeriodTabs value={period} onChange={setPeriod} />
      </div>

      <div className="grid grid-cols-1 gap-4 px-5 pt-2">
        <RevenueSection period={period} />
        <ProfitPanel period={period} />
        <TierMarginPanel period={period} />
        <TransactionsPanel period={period} />
        <UsersPanel />
        {admin ? <SystemSwitchCard /> : null}
        <NeedsDecisionLink />
        <AdminLinks />
        <Link to="/home" className={buttonClasses('outline')}>
          {adminMessages.backToHome}
        </Link>
      </div>
    </main>
  );
}
