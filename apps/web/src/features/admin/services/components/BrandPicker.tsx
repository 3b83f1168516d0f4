import { adminMessages } from '@owo/shared/admin-messages';
import { Skeleton } from '../../../../components/Skeleton';
import { LogoChoice } from '../../../../components/NetworkPicker';

interface BrandPickerProps {
  /** The group's accessible name ("Network", "Cable provider"). */
  label: string;
  names: readonly string[] | undefined;
  value: string;
  onChange: (name: string) => void;
  /** Names whose switch is off: their logo carries an "Off" tag. */
  offNames?: readonly string[];
}

/** Network or cable-provider logos in a row; the chosen one is ringed and ticked. */
export function BrandPicker({ label, names, value, onChange, offNames = [] }: BrandPickerProps) {
  if (!names) {
    return (
      <div className="grid grid-cols-4 gap-2" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label={label}
      className="grid gap-2"
      style={{ gridTemplateColumns: `repeat(${Math.max(names.length, 3)}, minmax(0, 1fr))` }}
    >
      {names.map((name) => (
        <div key={name} className="relative" data-off={offNames.includes(name) || undefined}>
          <LogoChoice
            name={name}
            selected={name === value}
            onSelect={() => onChange(name)}
            compact
          />
          {offNames.includes(name) ? (
            <span className="pointer-events-none absolute -top-1.5 left-1/2 -translate-x-1/2 rounded-full bg-danger px-1.5 py-0.5 text-[9px] leading-none font-bold tracking-wide text-white uppercase ring-2 ring-white">
              {adminMessages.networkOff}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
