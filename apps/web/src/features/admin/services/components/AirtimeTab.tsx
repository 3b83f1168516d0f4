import { useState } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { AIRTIME_NETWORK_SWITCHES } from '@owo/shared/constants';
import { NETWORK_NAMES, type NetworkName } from '@owo/shared/networks';
import { BrandBadge } from '../../../../components/BrandBadge';
import { PhoneIcon } from '../../../../components/icons';
import { useSystemStatus } from '../../shared/system-api';
import { useNetworks } from '../api/catalogue-api';
import { BrandPicker } from './BrandPicker';
import { ServiceSwitchCard } from './ServiceSwitchCard';

const isNetwork = (name: string): name is NetworkName =>
  (NETWORK_NAMES as readonly string[]).includes(name);

/**
 * The Airtime tab (spec 02 §2: a network picker and a card with the network's name and its on/off
 * switch). The "airtime" switch stops every network at once; each network has its own switch too,
 * which the server honours when a customer buys airtime on that network.
 */
export function AirtimeTab() {
  const networks = useNetworks();
  const status = useSystemStatus();
  const [network, setNetwork] = useState<NetworkName>('MTN');
  const names = networks.data?.map((n) => n.networkname).filter(isNetwork);
  const off = status.data
    ? NETWORK_NAMES.filter((n) => status.data[AIRTIME_NETWORK_SWITCHES[n]].on === false)
    : [];
  const allOff = status.data?.airtime.on === false;

  return (
    <div className="grid grid-cols-1 gap-4">
      <ServiceSwitchCard
        service="airtime"
        title={adminMessages.serviceSwitches.airtime}
        icon={<PhoneIcon size={22} />}
      >
        <p className="mt-3 text-xs text-muted">{adminMessages.airtimeCoversAll}</p>
      </ServiceSwitchCard>

      <section aria-label={adminMessages.airtimeByNetwork} className="grid gap-3">
        <h2 className="px-1 text-sm font-semibold">{adminMessages.airtimeByNetwork}</h2>
        <BrandPicker
          label="Network"
          names={names}
          value={network}
          offNames={off}
          onChange={(name) => {
            if (isNetwork(name)) setNetwork(name);
          }}
        />
        <ServiceSwitchCard
          key={network}
          service={AIRTIME_NETWORK_SWITCHES[network]}
          title={adminMessages.airtimeNetworkSwitch.replace('{network}', network)}
          icon={<BrandBadge name={network} size={36} />}
        >
          {allOff ? (
            <p className="mt-3 rounded-2xl bg-danger/10 px-3 py-2 text-xs font-medium text-danger">
              {adminMessages.airtimeAllOff}
            </p>
          ) : null}
        </ServiceSwitchCard>
      </section>
    </div>
  );
}
