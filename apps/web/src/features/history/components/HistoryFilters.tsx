import { HISTORY_YEARS } from '@owo/shared/constants';
import { CloseIcon } from '../../../components/icons';
import { ChevronDownIcon, SearchIcon } from '../../../components/more-icons';
import { MONTH_NAMES } from '../../../lib/months';

interface HistoryFiltersBarProps {
  search: string;
  onSearch: (value: string) => void;
  year: number;
  onYear: (year: number) => void;
  month: number | null;
  onMonth: (month: number | null) => void;
  currentYear: number;
}

/** Search box, year (this year back 10) and month filters (spec §2 History). */
export function HistoryFiltersBar({
  search,
  onSearch,
  year,
  onYear,
  month,
  onMonth,
  currentYear,
}: HistoryFiltersBarProps) {
  const years = Array.from({ length: HISTORY_YEARS }, (_, i) => currentYear - i);
  return (
    <div className="grid gap-3">
      <div className="flex min-h-12 items-center gap-2 rounded-2xl border border-line bg-white px-4 transition-colors focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100">
        <SearchIcon size={20} className="shrink-0 text-muted" />
        <label htmlFor="history-search" className="sr-only">
          Search transactions
        </label>
        <input
          id="history-search"
          type="search"
          enterKeyHint="search"
          placeholder="Search by type, phone or amount"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="h-11 w-full min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-muted focus:outline-none focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {search ? (
          <button
            type="button"
            onClick={() => onSearch('')}
            aria-label="Clear search"
            className="-mr-2 grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-surface"
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <PillSelect
          label="Year"
          value={String(year)}
          onChange={(value) => onYear(Number(value))}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
        />
        <PillSelect
          label="Month"
          value={month ? String(month) : ''}
          onChange={(value) => onMonth(value ? Number(value) : null)}
          options={[
            { value: '', label: 'All months' },
            ...MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name })),
          ]}
        />
      </div>
    </div>
  );
}

function PillSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = `history-${label.toLowerCase()}`;
  return (
    <div className="relative">
      <label
        htmlFor={id}
        className="pointer-events-none absolute top-1.5 left-4 text-[11px] font-medium text-muted"
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-13 w-full appearance-none rounded-2xl border border-line bg-white pt-4 pr-10 pl-4 text-sm font-semibold text-ink focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon
        size={18}
        className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
