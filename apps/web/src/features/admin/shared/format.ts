/** How the admin screens write amounts and dates (spec 2: two decimals, en-GB dates). */
import { formatNaira } from '../../../lib/money';

/** A naira figure from the API (2 decimals at most) as "₦1,234.50". */
export const naira = formatNaira;

const gb = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateGB(iso: string | undefined): string {
  const date = new Date(iso ?? '');
  return Number.isNaN(date.getTime()) ? '—' : gb.format(date);
}
