import { Skeleton } from '../../../../components/Skeleton';
import { LogoChoice } from '../../../purchases/components/NetworkPicker';

interface BrandPickerProps {
  /** The group's accessible name ("Network", "Cable provider"). */
  label: string;
  names: readonly string[] | undefined;
  value: string;
  onChange: (name: string) => void;
}

/** Network or cable-provider logos in a row; the chosen one is ringed and ticked. */
export function BrandPicker({ label, names, value, onChange }: BrandPickerProps) {
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
        <LogoChoice
          key={name}
          name={name}
          selected={name === value}
          onSelect={() => onChange(name)}
          compact
        />
      ))}
    </div>
  );
}
