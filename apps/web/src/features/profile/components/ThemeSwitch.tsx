import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../../lib/theme';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Settings' Appearance card: follow the phone's theme, or always light, or always dark. */
export function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <section
      aria-labelledby="appearance-heading"
      className="mt-4 rounded-3xl bg-white px-4 py-4 shadow-card"
    >
      <h2 id="appearance-heading" className="font-medium">
        Appearance
      </h2>
      <p className="text-xs text-muted">System follows your phone's light or dark setting.</p>
      <div
        role="group"
        aria-label="Theme"
        className="mt-3 grid grid-cols-3 gap-1 rounded-2xl bg-surface p-1"
      >
        {choices.map(({ value, label }) => {
          const selected = choice === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={selected}
              onClick={() => setThemeChoice(value)}
              className={`min-h-11 rounded-xl text-sm font-semibold transition-colors ${
                selected ? 'bg-white text-brand-700 shadow-card' : 'text-muted hover:text-ink'
              }`}
            >
              {label}
            </button>
          );
        })}
      </div>
    </section>
  );
}
