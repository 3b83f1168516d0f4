import type { SwapNetwork } from '@owo/shared/constants';
import { SWAP_NETWORKS } from '@owo/shared/constants';
import { BrandBadge } from '../../../components/BrandBadge';
import { CheckIcon } from '../../../components/icons';

const networkNames: Record<SwapNetwork, string> = { MTN: 'MTN', AIRTEL: 'Airtel' };

/** MTN or Airtel (the only swap networks), as two logo buttons. */
export function SwapNetworkPicker({
  value,
  onChange,
  error,
}: {
  value: SwapNetwork | null;
  onChange: (network: SwapNetwork) => void;
  error?: string | null;
}) {
  return (
    <div>
      <div role="group" aria-label="Network" className="grid grid-cols-2 gap-3">
        {SWAP_NETWORKS.map((network) => {
          const selected = value === network;
          return (
            <button
              key={network}
              type="button"
              onClick={() => onChange(network)}
              aria-pressed={selected}
              className={`relative flex min-h-16 items-center gap-3 rounded-2xl border-2 px-3 text-left text-sm font-semibold transition-colors ${
                selected
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-transparent bg-surface text-ink hover:bg-brand-50/60'
              }`}
            >
              <BrandBadge name={network} size={40} />
              {networkNames[network]}
              {selected ? (
                <span
                  aria-hidden="true"
                  className="absolute top-2 right-2 grid size-5 place-items-center rounded-full bg-brand-600 text-white"
                >
                  <CheckIcon size={12} strokeWidth={3} />
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Two mutually exclusive options as a radio group (Wallet / Bank Account). */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid grid-cols-2 gap-1 rounded-2xl bg-surface p-1"
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              event.preventDefault();
              const other = options.find((o) => o.value !== option.value);
              if (other) onChange(other.value);
            }}
            tabIndex={checked ? 0 : -1}
            className={`min-h-11 rounded-xl text-sm font-semibold transition-all ${
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
