import { useArrowKeys } from '../../shared/use-arrow-keys';

interface SegmentedProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** "tabs" switches panels (role tablist); "radio" picks a value inside one. */
  role?: 'tabs' | 'radio';
  /** The id prefix tabs use to name their panels. */
  idPrefix?: string;
  /** Smaller text, for four or more choices inside a card. */
  dense?: boolean;
}

/** A segmented control: the service tabs, GLO / GLO SME, the VTpass TV services. */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  role = 'radio',
  idPrefix = 'seg',
  dense = false,
}: SegmentedProps<T>) {
  const keys = useArrowKeys(
    options.map((o) => o.value),
    onChange,
  );
  const tabs = role === 'tabs';
  return (
    <div
      role={tabs ? 'tablist' : 'radiogroup'}
      aria-label={label}
      className={`grid gap-1 rounded-2xl p-1 ${tabs ? 'bg-brand-950/5' : 'bg-surface'}`}
      style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            ref={keys.ref(index)}
            type="button"
            role={tabs ? 'tab' : 'radio'}
            id={tabs ? `${idPrefix}-tab-${option.value}` : undefined}
            aria-controls={tabs ? `${idPrefix}-panel-${option.value}` : undefined}
            aria-selected={tabs ? checked : undefined}
            aria-checked={tabs ? undefined : checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(e) => keys.onKeyDown(e, index)}
            className={`min-h-11 truncate rounded-xl font-semibold transition-all ${dense ? 'px-0 text-xs tracking-tight' : 'px-1 text-sm'} ${
              checked ? 'bg-white text-brand-800 shadow-card' : 'text-muted hover:text-ink'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
