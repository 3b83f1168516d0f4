import { SearchIcon } from '../../../../components/more-icons';

/**
 * Under the swap search box: the box filters the loaded page (spec 02 §2); this offers the same
 * text to the server over every page ("Search all"), and once it is on, says how many swaps
 * matched and how to go back to the page filter.
 */
export function SearchAllBar({
  text,
  searchingAll,
  total,
  onSearchAll,
  onClear,
}: {
  text: string;
  searchingAll: boolean;
  total: number | undefined;
  onSearchAll: () => void;
  onClear: () => void;
}) {
  if (searchingAll) {
    return (
      <div
        role="status"
        className="flex min-h-11 items-center gap-2 rounded-2xl bg-brand-50 px-4 text-sm text-brand-800"
      >
        <SearchIcon size={16} className="shrink-0" />
        <p className="min-w-0 flex-1 break-words">
          {total === undefined ? 'Searching all pages…' : `${total} found on all pages`} for “
          <span className="font-semibold">{text}</span>”
        </p>
        <button
          type="button"
          onClick={onClear}
          className="-mr-2 min-h-11 shrink-0 rounded-xl px-2 font-semibold text-brand-700 hover:bg-brand-100"
        >
          Clear
        </button>
      </div>
    );
  }
  if (!text) return null;
  return (
    <button
      type="button"
      onClick={onSearchAll}
      className="flex min-h-11 w-full items-center gap-2 rounded-2xl border border-dashed border-brand-300 bg-white px-4 text-left text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      <SearchIcon size={16} className="shrink-0" />
      <span className="min-w-0 flex-1 truncate">Search all pages for “{text}”</span>
    </button>
  );
}
