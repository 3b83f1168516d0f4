import { useState } from 'react';
import { BottomSheet } from './BottomSheet';
import { CheckIcon } from './icons';
import { SearchIcon } from './more-icons';
import type { PickerOption } from './PickerField';

interface PickerSheetProps {
  title: string;
  label: string;
  value: string;
  options: PickerOption[];
  onClose: () => void;
  onChange: (value: string) => void;
}

/** PickerField's sheet: a search box over the choices, the chosen one ticked. */
export default function PickerSheet({
  title: sheetTitle,
  label,
  value,
  options,
  onClose,
  onChange,
}: PickerSheetProps) {
  const [query, setQuery] = useState('');
  const words = query.trim().toLowerCase();
  const shown = words
    ? options.filter((o) => `${o.label} ${o.detail ?? ''}`.toLowerCase().includes(words))
    : options;
  const close = onClose;

  return (
    <BottomSheet open onClose={close} title={sheetTitle}>
      <div className="sticky -top-3 z-10 -mx-5 bg-white px-5 pb-3">
        <div className="flex min-h-12 items-center gap-2 rounded-2xl border border-line bg-surface px-3 focus-within:border-brand-500">
          <SearchIcon size={18} className="shrink-0 text-muted" />
          <input
            type="search"
            aria-label={`Search ${label.toLowerCase()}`}
            placeholder="Search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-11 w-full min-w-0 bg-transparent text-base text-ink placeholder:text-muted focus:outline-none"
          />
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-6 text-center text-sm text-muted">
          Nothing matches “{query.trim()}”.
        </p>
      ) : (
        <ul role="listbox" aria-label={sheetTitle} className="grid gap-1.5">
          {shown.map((option) => {
            const selected = option.value === value;
            return (
              <li
                key={option.value}
                role="option"
                aria-selected={selected}
                tabIndex={0}
                onClick={() => {
                  onChange(option.value);
                  close();
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onChange(option.value);
                    close();
                  }
                }}
                className={`flex min-h-13 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${
                  selected
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-transparent bg-surface hover:bg-brand-50'
                }`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-ink">{option.label}</span>
                  {option.detail ? (
                    <span className="block truncate text-xs text-muted">{option.detail}</span>
                  ) : null}
                </span>
                {option.aside ? (
                  <span className="shrink-0 text-sm font-semibold text-brand-700 amount">
                    {option.aside}
                  </span>
                ) : null}
                {selected ? <CheckIcon size={18} className="shrink-0 text-brand-600" /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </BottomSheet>
  );
}
