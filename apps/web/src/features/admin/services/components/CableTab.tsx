import { useState } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { ADMIN_VTPASS_TV_SERVICES } from '@owo/shared/constants';
import { TvIcon } from '../../../../components/icons';
import { useCableProviders } from '../api/catalogue-api';
import { useAdminCablePlans, useAdminVtpassTvPlans } from '../api/products-api';
import {
  dropdownLabel,
  fromCablePlan,
  fromVtpassTvPlan,
  planKey,
  type AdminPlan,
} from './admin-plans';
import { BrandPicker } from './BrandPicker';
import { EditPriceSheet } from './EditPriceSheet';
import { FetchButton } from './FetchButton';
import { Segmented } from './Segmented';
import { ServiceSwitchCard } from './ServiceSwitchCard';
import { TvPlanPicker } from './TvPlanPicker';
import { usePlanUpdate } from './use-plan-update';

type TvService = (typeof ADMIN_VTPASS_TV_SERVICES)[number];

const TV_LABELS: Record<TvService, string> = {
  dstv: 'DStv',
  gotv: 'GOtv',
  startimes: 'StarTimes',
  showmax: 'Showmax',
};

/**
 * The Cable TV tab (spec 02 §2): the cable-TV switch; DataStation bouquets by provider; VTpass TV
 * plans by service with their fetch. Availability of a VTpass TV plan is a real PATCH here, not
 * the spec's "to be implemented" notice.
 */
export function CableTab() {
  const providers = useCableProviders();
  const [cable, setCable] = useState('GOTV');
  const [tvService, setTvService] = useState<TvService>('dstv');
  const [cableKey, setCableKey] = useState('');
  const [tvKey, setTvKey] = useState('');
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const { save, saving } = usePlanUpdate();

  const cablePlans = useAdminCablePlans(cable);
  const tvPlans = useAdminVtpassTvPlans(tvService);

  const cableOptions = cablePlans.data?.map((p) => ({
    plan: fromCablePlan(p),
    label: dropdownLabel(p.package, p.amount),
  }));
  const tvOptions = tvPlans.data?.map((p) => ({
    plan: fromVtpassTvPlan(p),
    // VTpass's own names already carry the price ("Showmax Mobile - N3,500").
    label: p.name,
  }));
  // The sheet shows the freshest copy (after a save the list holds the new price).
  const all = [...(cableOptions ?? []), ...(tvOptions ?? [])].map((o) => o.plan);
  const editingPlan = editing
    ? (all.find((p) => planKey(p) === planKey(editing)) ?? editing)
    : null;

  const available = (plan: AdminPlan, next: boolean) => void save(plan, { isAvailable: next });
  const savePrice = async (plan: AdminPlan, sellingPrice: number) => {
    const ok = await save(plan, { sellingPrice });
    if (ok) setEditing(null);
    return ok;
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <ServiceSwitchCard
        service="cable-tv"
        title={adminMessages.serviceSwitches['cable-tv']}
        icon={<TvIcon size={22} />}
      />

      <section
        aria-label="Cable plans"
        className="grid grid-cols-1 gap-4 rounded-3xl bg-white p-4 shadow-card"
      >
        <BrandPicker
          label="Cable provider"
          names={providers.data?.map((p) => p.cablename)}
          value={cable}
          onChange={(name) => {
            setCable(name);
            setCableKey('');
          }}
        />
        <TvPlanPicker
          label={adminMessages.selectCablePlan}
          plans={cableOptions}
          failed={cablePlans.isError}
          onRetry={() => void cablePlans.refetch()}
          brand={cable}
          selectedKey={cableKey}
          onSelect={setCableKey}
          saving={saving}
          onAvailable={available}
          onEdit={setEditing}
        />
      </section>

      <section
        aria-label={adminMessages.vtpassTvTitle}
        className="grid grid-cols-1 gap-4 rounded-3xl bg-white p-4 shadow-card"
      >
        <h2 className="text-sm font-semibold">{adminMessages.vtpassTvTitle}</h2>
        <Segmented
          label="VTpass TV service"
          dense
          options={ADMIN_VTPASS_TV_SERVICES.map((s) => ({ value: s, label: TV_LABELS[s] }))}
          value={tvService}
          onChange={(s) => {
            setTvService(s);
            setTvKey('');
          }}
        />
        <TvPlanPicker
          label={adminMessages.vtpassTvSelect}
          plans={tvOptions}
          failed={tvPlans.isError}
          onRetry={() => void tvPlans.refetch()}
          brand={tvService.toUpperCase()}
          selectedKey={tvKey}
          onSelect={setTvKey}
          saving={saving}
          onAvailable={available}
          onEdit={setEditing}
        />
        <FetchButton
          source="vtpass-tv"
          label={adminMessages.fetchVtpassTvPlans}
          supplier={adminMessages.fetchVtpass}
        />
      </section>

      <EditPriceSheet
        plan={editingPlan}
        saving={saving !== null && editingPlan !== null && saving === planKey(editingPlan)}
        onClose={() => setEditing(null)}
        onSave={savePrice}
      />
    </div>
  );
}
