import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { PhoneIcon } from '../../../components/icons';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { Skeleton } from '../../../components/Skeleton';
import { useCurrentUser } from '../../../lib/current-user';
import {
  isServiceAvailable,
  useServiceStatus,
  type ServiceName,
} from '../../../lib/service-status';
import { useSession } from '../../../lib/session-store';
import { useLatestTransactions, usePendingSwap } from '../api/home-api';
import { BalanceCard } from '../components/BalanceCard';
import { DepositSheet } from '../components/DepositSheet';
import { HomeHeader } from '../components/HomeHeader';
import { LatestTransactions } from '../components/LatestTransactions';
import { NotificationCard } from '../components/NotificationCard';
import { PromoBanner } from '../components/PromoBanner';
import { ServiceGrid, type ServiceKey } from '../components/ServiceGrid';

/** Where each service lives, and what the PIN screen should know when it returns there. */
const destinations: Record<ServiceKey | 'transfer', { path: string; secondData?: string }> = {
  transfer: { path: '/transfer' },
  data: { path: '/data', secondData: 'data' },
  airtime: { path: '/airtime', secondData: 'airtime' },
  cable: { path: '/cable' },
  electricity: { path: '/utility', secondData: 'utility' },
  airtimeToCash: { path: '/airtime-to-cash' },
  betting: { path: '/betting' },
};

/**
 * Tiles an admin can switch off (GET /system/services). Betting and airtime to cash have no
 * switch of their own: only the system shutdown stops them.
 */
const switchable: Partial<Record<ServiceKey, { service: ServiceName | 'system'; label: string }>> =
  {
    airtime: { service: 'airtime', label: 'Airtime purchase' },
    data: { service: 'data', label: 'Data purchase' },
    cable: { service: 'cable-tv', label: 'Cable TV payment' },
    electricity: { service: 'utility', label: 'Electricity payment' },
    airtimeToCash: { service: 'system', label: 'Airtime to cash' },
    betting: { service: 'system', label: 'Betting' },
  };

export function HomePage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const userQuery = useCurrentUser();
  const pendingSwap = usePendingSwap();
  const transactions = useLatestTransactions();
  const [depositOpen, setDepositOpen] = useState(false);
  const services = useServiceStatus();
  const [offService, setOffService] = useState<string | null>(null);
  const unavailable = useMemo(
    () =>
      new Set(
        (Object.keys(switchable) as ServiceKey[]).filter(
          (key) => !isServiceAvailable(services.data, switchable[key]!.service),
        ),
      ),
    [services.data],
  );

  const hasUser = Boolean(user._id || user.email);
  const needsPin = !user.hasSetTransactionPin;

  /** Paying needs a PIN: without one, set it first and come back (spec §6). */
  const go = (key: keyof typeof destinations) => {
    const { path, secondData } = destinations[key];
    if (needsPin)
      navigate('/pin/create', {
        state: { returnPath: path, ...(secondData ? { secondData } : {}) },
      });
    else navigate(path);
  };

  const onService = (key: ServiceKey) => {
    if (unavailable.has(key)) setOffService(switchable[key]!.label);
    else go(key);
  };

  return (
    <PullToRefresh>
      <div className="pb-6">
        {hasUser ? <HomeHeader user={user} /> : <HeaderSkeleton />}

        {/* One column that never grows past the screen, whatever a card's content asks. */}
        <div className="grid grid-cols-1 gap-4 px-5 pt-2">
          <BalanceCard
            user={user}
            loading={userQuery.isPending}
            onTransfer={() => go('transfer')}
            onDeposit={() => setDepositOpen(true)}
          />
          <NotificationCard
            needsPin={needsPin && !userQuery.isPending}
            pendingSwap={pendingSwap.data ?? null}
          />
          <PromoBanner />
          <ServiceGrid onSelect={onService} unavailable={unavailable} />
          <LatestTransactionsSection query={transactions} />
        </div>

        <DepositSheet open={depositOpen} onClose={() => setDepositOpen(false)} />
        <Dialog
          open={offService !== null}
          onClose={() => setOffService(null)}
          title={messages.serviceUnavailable}
          icon={<PhoneIcon size={26} />}
          actions={
            <Button onClick={() => setOffService(null)} data-autofocus>
              OK
            </Button>
          }
        >
          {offService} is temporarily unavailable. Please try again later.
        </Dialog>
      </div>
    </PullToRefresh>
  );
}

function LatestTransactionsSection({ query }: { query: ReturnType<typeof useLatestTransactions> }) {
  return (
    <LatestTransactions
      transactions={query.data}
      loading={query.isPending}
      failed={query.isError}
      onRetry={() => void query.refetch()}
    />
  );
}

function HeaderSkeleton() {
  return (
    <div className="flex items-center gap-3 px-5 pt-4 pb-2" aria-hidden="true">
      <Skeleton className="size-11 rounded-full" />
      <div className="space-y-2">
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-4 w-32" />
      </div>
    </div>
  );
}
