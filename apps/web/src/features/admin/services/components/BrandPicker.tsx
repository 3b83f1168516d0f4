import { BrandBadge } from '../../../../components/BrandBadge';
import { CheckIcon } from '../../../../components/icons';
import { Skeleton } from '../../../../components/Skeleton';

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
      {names.map((name) => {
        const selected = name === value;
        return (
          <button
            key={name}
            type="button"
            onClick={() => onChange(name)}
            aria-pressed={selected}
            className={`relative flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-2xl border-2 px-1 py-2 text-[11px] font-semibold tracking-wide transition-colors ${
              selected
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-transparent bg-surface text-muted hover:bg-brand-50/60'
            }`}
          >
            <BrandBadge name={name} size={36} />
            {name}
            {selected ? (
              <span
                aria-hidden="true"
                className="absolute top-1 right-1 grid size-5 place-items-center rounded-full bg-brand-600 text-white"
              >
                <CheckIcon size={12} strokeWidth={3} />
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
