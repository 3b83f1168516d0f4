import { SearchIcon } from '../../../components/more-icons';

/** The admin lists' search box: an icon, a hidden "Search" label and the input. */
export function SearchField({
  value,
  onChange,
  placeholder,
  maxLength,
}: {
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  maxLength?: number;
}) {
  return (
    <label className="flex min-h-12 items-center gap-2 rounded-2xl border border-line bg-white px-4 focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-100">
      <SearchIcon size={18} className="shrink-0 text-muted" />
      <span className="sr-only">Search</span>
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        enterKeyHint="search"
        className="h-11 w-full min-w-0 bg-transparent text-sm focus:outline-none"
      />
    </label>
  );
}
