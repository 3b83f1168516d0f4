import { Spinner } from '../../../components/Spinner';

interface SwitchProps {
  /** The accessible name ("Data service", "Available", "All services"). */
  label: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  busy?: boolean;
  disabled?: boolean;
  /** Show the label beside the track (otherwise it is for screen readers only). */
  showLabel?: boolean;
  /** The id of a line that explains what switching does. */
  describedBy?: string;
  /** "danger" paints the off track red: for a switch whose off state stops customers. */
  offTone?: 'neutral' | 'danger';
}

/**
 * An on/off switch (role="switch") for the admin screens: brand green when on; a spinner in the
 * knob while saving.
 */
export function Switch({
  label,
  checked,
  onChange,
  busy = false,
  disabled = false,
  showLabel = false,
  describedBy,
  offTone = 'neutral',
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={showLabel ? undefined : label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => onChange(!checked)}
      className="group inline-flex min-h-11 shrink-0 items-center gap-2.5 rounded-full text-sm font-medium text-ink disabled:cursor-not-allowed"
    >
      {showLabel ? <span>{label}</span> : null}
      <span
        aria-hidden="true"
        className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors group-disabled:opacity-60 ${
          checked ? 'bg-brand-600' : offTone === 'danger' ? 'bg-danger' : 'bg-line'
        }`}
      >
        <span
          className={`grid size-6 place-items-center rounded-full bg-white text-brand-600 shadow-sm transition-transform ${
            checked ? 'translate-x-5.5' : 'translate-x-0.5'
          }`}
        >
          {busy ? <Spinner size={12} /> : null}
        </span>
      </span>
    </button>
  );
}
