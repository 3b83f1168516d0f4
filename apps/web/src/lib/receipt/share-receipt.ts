/**
 * "Share receipt": the receipt as a PNG handed to the system share sheet (Web Share API with
 * files) where the browser can share files, saved as a download otherwise. Loaded on demand.
 */
import type { TransactionDto } from '@owo/shared/api-types';
import { saveFile } from '../download';
import { loadRuntimeConfig } from '../runtime-config';
import { receiptContent } from './receipt-content';
import { receiptImage } from './receipt-image';

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

export async function shareReceipt(tx: TransactionDto): Promise<ShareOutcome> {
  const { appName, sandbox } = await loadRuntimeConfig();
  const content = receiptContent(tx, appName, { sandbox });
  const blob = await receiptImage(content);
  const file = new File([blob], content.fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({
        files: [file],
        title: `${appName} receipt`,
        text: `${content.title}: ${content.amount} (${content.status.label})${content.sandboxMark ? ` [${content.sandboxMark}]` : ''}`,
      });
      return 'shared';
    } catch (error) {
      // The customer closed the share sheet: nothing to do. Any other refusal saves the file.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  saveFile(blob, content.fileName);
  return 'downloaded';
}
