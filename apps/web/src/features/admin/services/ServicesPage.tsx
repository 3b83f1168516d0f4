import { Navigate, useSearchParams } from 'react-router';
import { adminMessages } from '@owo/shared/admin-messages';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { isAdmin, useSession } from '../../../lib/session-store';
import { AirtimeTab } from './components/AirtimeTab';
import { CableTab } from './components/CableTab';
import { DataTab } from './components/DataTab';
import { Segmented } from './components/Segmented';
import { UtilitiesTab } from './components/UtilitiesTab';
import { TiersTab } from '../price-tiers/TiersTab';

const TABS = ['data', 'airtime', 'cable', 'utility', 'tiers'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

const PANELS: Record<Tab, () => React.JSX.Element> = {
  data: DataTab,
  airtime: AirtimeTab,
  cable: CableTab,
  utility: UtilitiesTab,
  tiers: TiersTab,
};

/**
 * Manage Services (/admin/services, spec 02 §2): tabs Data, Airtime, Cable TV and Utilities, and
 * the price tiers' discounts (decision 0090). The
 * tab lives in the address (?tab=) so a reload or a shared link opens the same one.
 */
export function ServicesPage() {
  const [params, setParams] = useSearchParams();
  // Prices, plans and switches are an admin's to change: read-only support staff go back.
  const admin = useSession((s) => isAdmin(s.user));
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'data';
  const Panel = PANELS[tab];
  if (!admin) return <Navigate to="/admin/dashboard" replace />;

  return (
    <main className="mx-auto min-h-dvh max-w-md overflow-x-clip bg-surface pb-8">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] pb-3 backdrop-blur">
        <ScreenHeader title={adminMessages.servicesTitle} backTo="/admin/dashboard" />
        <Segmented
          role="tabs"
          idPrefix="services"
          // Five tabs: the smaller text keeps "Utilities" whole at 390 px.
          dense
          label="Services"
          options={TABS.map((value) => ({ value, label: adminMessages.serviceTabs[value] }))}
          value={tab}
          onChange={(next) => setParams({ tab: next }, { replace: true })}
        />
      </div>
      <div
        role="tabpanel"
        id={`services-panel-${tab}`}
        aria-labelledby={`services-tab-${tab}`}
        className="px-5 pt-1"
      >
        <Panel key={tab} />
      </div>
    </main>
  );
}
