import { useState } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { ADMIN_VTPASS_DATA_SERVICES, OGDAMS_ADMIN_NETWORK_ID } from '@owo/shared/constants';
import {
  NETWORK_IDS,
  NETWORK_NAMES,
  VTPASS_DATA_SERVICE,
  networkForVtpassService,
  type NetworkName,
} from '@owo/shared/networks';
import { WifiIcon } from '../../../../components/icons';
import { Skeleton } from '../../../../components/Skeleton';
import { useNetworks } from '../api/catalogue-api';
import {
  useAdminDataPlans,
  useAdminOgdamsPlans,
  useAdminVtpassDataPlans,
} from '../api/products-api';
import { dataPlanGroups, planKey, type AdminPlan } from './admin-plans';
import { BrandPicker } from './BrandPicker';
import { EditPriceSheet } from './EditPriceSheet';
import { FetchButton } from './FetchButton';
import { PlanCard } from './PlanCard';
import { PlanGrid, TilesSkeleton } from './PlanGrid';
import { Segmented } from './Segmented';
import { ServiceSwitchCard } from './ServiceSwitchCard';
import { usePlanUpdate } from './use-plan-update';

const isNetwork = (name: string): name is NetworkName =>
  (NETWORK_NAMES as readonly string[]).includes(name);

/** GLO sells through two VTpass services; the others through one (spec 02 §2). */
function vtpassServices(network: NetworkName): string[] {
  return ADMIN_VTPASS_DATA_SERVICES.filter((s) => networkForVtpassService(s) === network);
}

/**
 * The Data tab (spec 02 §2): the data switch, the three supplier fetches, a network picker and
 * that network's plans as tiles grouped by plan type; a tile opens its card (availability, Edit).
 */
export function DataTab() {
  const networks = useNetworks();
  const [network, setNetwork] = useState<NetworkName>('MTN');
  const [gloService, setGloService] = useState<string>(VTPASS_DATA_SERVICE.GLO);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const { save, saving } = usePlanUpdate();

  const networkId =
    networks.data?.find((n) => n.networkname === network)?.network_id ?? NETWORK_IDS[network];
  const showOgdams = networkId === OGDAMS_ADMIN_NETWORK_ID;
  const services = vtpassServices(network);
  const vtpassService = services.length > 1 ? gloService : (services[0] ?? '');

  const dataPlans = useAdminDataPlans(network);
  const ogdams = useAdminOgdamsPlans(showOgdams);
  const vtpass = useAdminVtpassDataPlans(vtpassService);

  const groups = dataPlans.data
    ? dataPlanGroups(network, {
        dataPlans: dataPlans.data,
        ogdamsPlans: showOgdams ? (ogdams.data ?? []) : undefined,
        vtpassPlans: vtpassService ? (vtpass.data ?? []) : undefined,
        vtpassService,
      })
    : [];
  const group = groups.find((g) => g.id === groupId) ?? groups[0];
  const plans = groups.flatMap((g) => g.plans);
  const selected = plans.find((p) => planKey(p) === selectedId) ?? null;
  const editing = plans.find((p) => planKey(p) === editingId) ?? null;
  const extra = group?.id === 'ogdams' ? ogdams : group?.id === 'vtpass' ? vtpass : null;

  const pickNetwork = (name: string) => {
    if (!isNetwork(name)) return;
    setNetwork(name);
    setGroupId(null);
    setSelectedId(null);
  };

  const savePrice = async (plan: AdminPlan, sellingPrice: number) => {
    const ok = await save(plan, { sellingPrice });
    if (ok) setEditingId(null);
    return ok;
  };

  return (
    <div className={`grid grid-cols-1 gap-4 ${selected ? 'pb-56' : ''}`}>
      <ServiceSwitchCard
        service="data"
        title={adminMessages.serviceSwitches.data}
        icon={<WifiIcon size={22} />}
      />

      <section
        aria-label={adminMessages.fetchPlansTitle}
        className="rounded-3xl bg-white p-4 shadow-card"
      >
        <h2 className="mb-3 text-sm font-semibold">{adminMessages.fetchPlansTitle}</h2>
        <div className="grid grid-cols-3 gap-2">
          <FetchButton source="datastation" label={adminMessages.fetchDataStation} stacked />
          <FetchButton source="ogdams" label={adminMessages.fetchOgdams} stacked />
          <FetchButton source="vtpass-data" label={adminMessages.fetchVtpass} stacked />
        </div>
      </section>

      <section aria-label="Data plans" className="rounded-3xl bg-white p-4 shadow-card">
        <BrandPicker
          label="Network"
          names={
            networks.data?.map((n) => n.networkname) ??
            (networks.isError ? NETWORK_NAMES : undefined)
          }
          value={network}
          onChange={pickNetwork}
        />

        <div className="mt-4">
          {dataPlans.isPending ? (
            <>
              <div className="mb-3 flex gap-2" aria-hidden="true">
                {['w-20', 'w-24', 'w-28'].map((w) => (
                  <Skeleton key={w} className={`h-9 rounded-full ${w}`} />
                ))}
              </div>
              <TilesSkeleton />
            </>
          ) : !group ? (
            <PlanGrid
              group={{ id: 'none', name: network, supplier: 'DataStation', plans: [] }}
              loading={false}
              failed={dataPlans.isError && !dataPlans.data}
              onRetry={() => void dataPlans.refetch()}
              selectedId={null}
              onSelect={() => {}}
            />
          ) : (
            <>
              <div
                role="group"
                aria-label="Plan types"
                className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
              >
                {groups.map((g) => {
                  const active = g.id === group.id;
                  return (
                    <button
                      key={g.id}
                      type="button"
                      aria-pressed={active}
                      onClick={() => setGroupId(g.id)}
                      className={`flex min-h-9 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-xs font-semibold tracking-wide whitespace-nowrap transition-colors ${
                        active
                          ? 'bg-brand-600 text-white'
                          : 'bg-surface text-muted hover:bg-brand-50 hover:text-brand-800'
                      }`}
                    >
                      {g.name}
                      {g.supplier === 'DataStation' ? null : (
                        <span
                          className={`rounded-full px-1.5 py-px text-[10px] ${active ? 'bg-white/20' : 'bg-white'}`}
                        >
                          {g.supplier}
                        </span>
                      )}
                    </button>
                  );
                })}
              </div>
              {group.id === 'vtpass' && services.length > 1 ? (
                <div className="mb-3">
                  <Segmented
                    label="VTpass GLO service"
                    options={services.map((s) => ({
                      value: s,
                      label: s === 'glo-sme-data' ? 'GLO SME' : 'GLO',
                    }))}
                    value={gloService}
                    onChange={(s) => {
                      setGloService(s);
                      setSelectedId(null);
                    }}
                  />
                </div>
              ) : null}
              <PlanGrid
                group={group}
                loading={extra?.isPending ?? false}
                failed={extra ? extra.isError && !extra.data : false}
                onRetry={() => void (extra ?? dataPlans).refetch()}
                selectedId={selectedId}
                onSelect={(plan) =>
                  setSelectedId(planKey(plan) === selectedId ? null : planKey(plan))
                }
              />
            </>
          )}
        </div>
      </section>

      {selected ? (
        <div className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md animate-sheet-up px-3 safe-bottom">
          <PlanCard
            plan={selected}
            brand={network}
            saving={saving === planKey(selected) && editingId === null}
            onAvailable={(next) => void save(selected, { isAvailable: next })}
            onEdit={() => setEditingId(planKey(selected))}
            onClose={() => setSelectedId(null)}
          />
        </div>
      ) : null}

      <EditPriceSheet
        plan={editing}
        saving={saving !== null && saving === editingId}
        onClose={() => setEditingId(null)}
        onSave={savePrice}
      />
    </div>
  );
}
