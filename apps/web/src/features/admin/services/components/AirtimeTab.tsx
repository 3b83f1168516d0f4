import { adminMessages } from '@owo/shared/admin-messages';
import { BrandBadge } from '../../../../components/BrandBadge';
import { PhoneIcon } from '../../../../components/icons';
import { Skeleton } from '../../../../components/Skeleton';
import { useNetworks } from '../api/catalogue-api';
import { ServiceSwitchCard } from './ServiceSwitchCard';

/**
 * The Airtime tab. The spec shows a card per network with its own switch, but the server has one
 * "airtime" switch for every network (spec 02 §7 names services, not networks), so this shows one
 * card with that switch and the networks it covers; a per-network switch would promise something
 * the server cannot do.
 */
export function AirtimeTab() {
  const networks = useNetworks();
  return (
    <div className="grid grid-cols-1 gap-4">
      <ServiceSwitchCard
        service="airtime"
        title={adminMessages.serviceSwitches.airtime}
        icon={<PhoneIcon size={22} />}
      >
        <div className="mt-4 border-t border-line pt-4">
          <p className="mb-3 text-xs text-muted">{adminMessages.airtimeCoversAll}</p>
          <ul aria-label="Airtime networks" className="grid grid-cols-4 gap-2">
            {networks.data
              ? networks.data.map((n) => (
                  <li
                    key={n.network_id}
                    className="flex flex-col items-center gap-1.5 rounded-2xl bg-surface py-3 text-[11px] font-semibold tracking-wide text-muted"
                  >
                    <BrandBadge name={n.networkname} size={36} />
                    {n.networkname}
                  </li>
                ))
              : [0, 1, 2, 3].map((i) => (
                  <li key={i} aria-hidden="true">
                    <Skeleton className="h-20 rounded-2xl" />
                  </li>
                ))}
          </ul>
        </div>
      </ServiceSwitchCard>
    </div>
  );
}
