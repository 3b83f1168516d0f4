import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { DownloadIcon } from '../../../../components/icons';
import { messageOr } from '../../../../lib/api-errors';
import { toast } from '../../../../lib/toast';
import { fetchSupplierPlans, type FetchSource } from '../api/products-api';

interface FetchButtonProps {
  source: FetchSource;
  /** The button's text ("DataStation", "Fetch VTpass TV plans"). */
  label: string;
  /** The supplier in the toasts; the label by default. */
  supplier?: string;
  /** Icon above the label, for three buttons side by side. */
  stacked?: boolean;
}

/** Reads a supplier's catalogue into ours (spec 02 §7), busy while it runs, then a result toast. */
export function FetchButton({
  source,
  label,
  supplier = label,
  stacked = false,
}: FetchButtonProps) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const result = await fetchSupplierPlans(client, source);
      toast.success(adminMessages.plansFetched, {
        description: `${supplier}: ${adminMessages.fetchResult
          .replace('{fetched}', String(result.fetched))
          .replace('{added}', String(result.added))
          .replace('{updated}', String(result.updated))}`,
      });
    } catch (error) {
      toast.error(messageOr(error, adminMessages.plansFetchFailed.replace('{supplier}', supplier)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      loading={busy}
      icon={<DownloadIcon size={16} />}
      className={stacked ? 'min-h-16 flex-col gap-1! px-1 text-sm' : 'min-h-11 text-sm'}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}
