import { adminMessages as t } from '@owo/shared/admin-messages';
import { ADMIN_YEARS, type AdminTransactionFilter } from '@owo/shared/constants';
import { SelectField } from '../../../../components/SelectField';
import { SearchField } from '../../shared/SearchField';
import type { TransactionFilters as Filters } from '../api/admin-transactions-api';
import { MONTH_ABBREVIATIONS } from '../../../../lib/months';

const chips: { value: AdminTransactionFilter; label: string }[] = [
  { value: 'all', label: t.filterAll },
  { value: 'success', label: t.filterSuccessful },
  { value: 'pending', label: t.filterPending },
  { value: 'failed', label: t.filterFailed },
];

/** The last ADMIN_YEARS calendar years in Lagos, this one first. */
function lastYears(): number[] {
  const thisYear = new Date(Date.now() + 60 * 60 * 1000).getUTCFullYear();
  return Array.from({ length: ADMIN_YEARS }, (_, i) => thisYear - i);
}

const daysIn = (year: string, month: string) =>
  year && month ? new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate() : 31;

type Change = Partial<Omit<Filters, 'page'>>;

/** Status chips, the year / month / day selects and the search box. */
export function TransactionFilters({
  filters,
  searchText,
  onSearchText,
  onChange,
}: {
  filters: Filters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (change: Change) => void;
}) {
  const selectClass =
    'min-w-0 [&>label]:sr-only [&_select]:text-sm [&_select]:pl-3 [&_select]:pr-8';
  return (
    <div className="grid grid-cols-1 gap-3">
      <div role="group" aria-label="Status" className="flex gap-1.5">
        {chips.map((chip) => {
          const on = filters.status === chip.value;
          return (
            <button
              key={chip.value}
              type="button"
              aria-pressed={on}
              onClick={() => onChange({ status: chip.value })}
              className={`min-h-10 flex-auto rounded-full px-3 text-[13px] font-semibold whitespace-nowrap transition-colors ${
                on
                  ? 'bg-brand-600 text-white shadow-card'
                  : 'bg-white text-ink ring-1 ring-line ring-inset hover:bg-brand-50'
              }`}
            >
              {chip.label}
            </button>
          );
        })}
      </div>

      <div className="grid grid-cols-3 gap-2">
        <SelectField
          label="Year"
          className={selectClass}
          value={filters.year}
          // A new year keeps the month but may drop a day the month no longer has (29 Feb).
          onChange={(event) => {
            const year = event.target.value;
            onChange({
              year,
              ...(year ? {} : { month: '', day: '' }),
              ...(Number(filters.day) > daysIn(year, filters.month) ? { day: '' } : {}),
            });
          }}
        >
          <option value="">Year</option>
          {lastYears().map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Month"
          className={selectClass}
          value={filters.month}
          disabled={!filters.year}
          onChange={(event) => {
            const month = event.target.value;
            onChange({
              month,
              ...(!month || Number(filters.day) > daysIn(filters.year, month) ? { day: '' } : {}),
            });
          }}
        >
          <option value="">Month</option>
          {MONTH_ABBREVIATIONS.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Day"
          className={selectClass}
          value={filters.day}
          disabled={!filters.month}
          onChange={(event) => onChange({ day: event.target.value })}
        >
          <option value="">Day</option>
          {Array.from({ length: daysIn(filters.year, filters.month) }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </SelectField>
      </div>

      <SearchField
        value={searchText}
        onChange={onSearchText}
        placeholder={t.bettingSearchPlaceholder}
        maxLength={100}
      />
    </div>
  );
}
