import { CheckIcon } from './icons';

const rules: { label: string; test: (value: string) => boolean }[] = [
  { label: '8+ characters', test: (v) => v.length >= 8 },
  { label: 'Uppercase', test: (v) => /[A-Z]/.test(v) },
  { label: 'Lowercase', test: (v) => /[a-z]/.test(v) },
  { label: 'Number', test: (v) => /\d/.test(v) },
  { label: 'Symbol', test: (v) => /[^A-Za-z0-9]/.test(v) },
];

/** Live checklist so people meet the rules before they see the combined error. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Password requirements">
      {rules.map(({ label, test }) => {
        const met = test(value);
        return (
          <li
            key={label}
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium transition-colors ${
              met ? 'bg-brand-50 text-brand-700' : 'bg-surface text-muted'
            }`}
          >
            {met ? <CheckIcon size={12} /> : <span aria-hidden="true">•</span>}
            {label}
            <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
