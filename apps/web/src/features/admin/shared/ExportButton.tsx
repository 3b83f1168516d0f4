import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { isAdmin, useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { downloadCsv } from './download-csv';

/**
 * "Export CSV" in an admin list's header: every row the screen's filters select (all pages),
 * downloaded as a file named after those filters.
 */
export function ExportButton({
  path,
  fallbackName,
  compact = false,
}: {
  path: string;
  fallbackName: string;
  /** Icon only (a round 44 px button), where the title needs the header's width. */
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  // Exports are admin only on the server (decision 0031): support staff do not see the button.
  const admin = useSession((s) => isAdmin(s.user));

  async function run() {
    setBusy(true);
    try {
      await downloadCsv(path, fallbackName);
    } catch {
      toast.error('The export could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (!admin) return null;
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={compact ? 'Export CSV' : undefined}
      title="Download the filtered list as CSV"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-white font-semibold text-brand-700 shadow-card hover:bg-brand-50 disabled:opacity-60 ${
        compact ? 'size-11' : 'h-10 gap-1.5 px-3.5 text-sm'
      }`}
    >
      {busy ? <Spinner size={compact ? 18 : 16} /> : <DownloadIcon size={compact ? 20 : 16} />}
      {compact ? null : 'Export CSV'}
    </button>
  );
}
