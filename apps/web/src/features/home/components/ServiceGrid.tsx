import type { ComponentType } from 'react';
import {
  BoltIcon,
  PhoneIcon,
  SwapIcon,
  TrophyIcon,
  TvIcon,
  WifiIcon,
} from '../../../components/icons';

export type ServiceKey = 'data' | 'cable' | 'electricity' | 'airtime' | 'airtimeToCash' | 'betting';

const services: {
  key: ServiceKey;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  tint: string;
}[] = [
  { key: 'data', label: 'Data', Icon: WifiIcon, tint: 'bg-brand-50 text-brand-700' },
  { key: 'cable', label: 'CableTv', Icon: TvIcon, tint: 'bg-sky-50 text-sky-700' },
  {
    key: 'electricity',
    label: 'Electricity',
    Icon: BoltIcon,
    tint: 'bg-accent-100 text-accent-600',
  },
  { key: 'airtime', label: 'Airtime', Icon: PhoneIcon, tint: 'bg-teal-50 text-teal-700' },
  {
    key: 'airtimeToCash',
    label: 'Airtime to Cash',
    Icon: SwapIcon,
    tint: 'bg-violet-50 text-violet-700',
  },
  { key: 'betting', label: 'Betting', Icon: TrophyIcon, tint: 'bg-rose-50 text-rose-700' },
];

/** Quick services. A switched-off service stays tappable to explain why it is off. */
export function ServiceGrid({
  onSelect,
  unavailable,
}: {
  onSelect: (service: ServiceKey) => void;
  unavailable: ReadonlySet<ServiceKey>;
}) {
  return (
    <section aria-labelledby="services-title" className="rounded-3xl bg-white p-4 shadow-card">
      <h2 id="services-title" className="mb-3 text-sm font-semibold">
        Quick services
      </h2>
      <ul className="grid grid-cols-3 gap-2">
        {services.map(({ key, label, Icon, tint }) => {
          const off = unavailable.has(key);
          const noteId = `${key}-unavailable`;
          return (
            <li key={key}>
              <button
                type="button"
                onClick={() => onSelect(key)}
                // Not aria-disabled: the tile must stay operable to explain why it is off.
                aria-describedby={off ? noteId : undefined}
                className={`flex min-h-22 w-full flex-col items-center justify-center gap-2 rounded-2xl px-1 py-3 text-center text-xs font-medium transition-colors hover:bg-surface active:bg-brand-50 ${
                  off ? 'text-muted' : 'text-ink'
                }`}
              >
                <span
                  className={`relative grid size-11 place-items-center rounded-2xl ${
                    off ? 'bg-surface text-muted' : tint
                  }`}
                >
                  <Icon size={22} />
                  {off ? (
                    <span
                      aria-hidden="true"
                      className="absolute -top-1 -right-2 rounded-full bg-line px-1.5 text-[9px] font-semibold text-muted"
                    >
                      Off
                    </span>
                  ) : null}
                </span>
                {label}
              </button>
              {off ? (
                <span id={noteId} hidden>
                  Temporarily unavailable
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
