/**
 * Prev, up to five numbered pages around the current one, Next. Without a summary it hides on a
 * single page and reads "Page x of y"; with one (betting stats: "Page x of y (n total
 * transactions)", spec 2 §2) it shows whenever the caller passes the summary.
 */
export function Pagination({
  page,
  pages,
  onPage,
  summary,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Replaces "Page x of y" and keeps the bar on a single page. */
  summary?: string;
}) {
  if (pages <= 1 && !summary) return null;
  const first = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  const base =
    'grid min-h-10 min-w-10 place-items-center rounded-xl px-3 text-sm font-semibold transition-colors disabled:opacity-40';
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-2">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={`${base} bg-white text-ink shadow-card`}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Prev
        </button>
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className={`${base} ${n === page ? 'bg-brand-600 text-white' : 'bg-white text-ink shadow-card'}`}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        ))}
        <button
          type="button"
          className={`${base} bg-white text-ink shadow-card`}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
      <p className="text-xs text-muted amount">{summary ?? `Page ${page} of ${pages}`}</p>
    </nav>
  );
}
