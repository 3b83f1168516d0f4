import { NETWORK_NAMES, type NetworkName } from '@owo/shared/networks';
import { BrandBadge } from './BrandBadge';
import { CheckIcon } from './icons';

interface NetworkPickerProps {
  value: NetworkName | null;
  onChange: (network: NetworkName) => void;
  error?: string | null;
  options?: readonly NetworkName[];
}

/** The four network logos; the chosen one is ringed and ticked. */
export function NetworkPicker({
  value,
  onChange,
  error,
  options = NETWORK_NAMES,
}: NetworkPickerProps) {
  return (
    <div>
      <div role="group" aria-label="Network" className="grid grid-cols-4 gap-2">
        {options.map((network) => (
          <LogoChoice
            key={network}
            name={network}
            selected={value === network}
            onSelect={() => onChange(network)}
          />
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One logo button (networks and cable providers); compact in the admin's denser pickers. */
export function LogoChoice({
  name,
  selected,
  onSelect,
  compact = false,
}: {
  name: string;
  selected: boolean;
  onSelect: () => void;
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={`relative flex ${compact ? 'min-h-20' : 'min-h-22'} flex-col items-center justify-center gap-1.5 rounded-2xl border-2 px-1 py-2 text-[11px] font-semibold tracking-wide transition-colors ${
        selected
          ? 'border-brand-600 bg-brand-50 text-brand-800'
          : 'border-transparent bg-surface text-muted hover:bg-brand-50/60'
      }`}
    >
      <BrandBadge name={name} size={compact ? 36 : 44} />
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
}
