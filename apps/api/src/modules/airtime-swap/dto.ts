import path from 'node:path';
import type { SwapDto } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import type { SwapView } from './repository';
import { allowedAdminActions, ownerCanCancel } from './state-machine';

/**
 * The spec's Airtime swap entity: naira at the edge, kobo inside. Admin replies carry
 * allowedActions (from the state machine) so the screen offers only what the server accepts.
 */
export function toSwapDto({ swap, owner, verifier }: SwapView, forAdmin = false): SwapDto {
  const accountDetails: SwapDto['accountDetails'] =
    swap.paymentMethod === 'wallet'
      ? { walletEmail: swap.walletEmail }
      : { accountNumber: swap.accountNumber, bank: swap.bankName, accountName: swap.accountName };
  return {
    _id: swap.id,
    swapId: swap.swapId,
    userPhone: swap.userPhone,
    recipientPhone: swap.recipientPhone,
    network: swap.network,
    amount: koboToNaira(swap.amountKobo),
    expectedPayout: koboToNaira(swap.expectedPayoutKobo),
    rate: swap.ratePercent,
    paymentMethod: swap.paymentMethod,
    accountDetails,
    screenshotUrl: swap.screenshotUrl,
    screenshotUploaded: swap.screenshotUrl !== '',
    status: swap.status,
    userId: {
      _id: owner.id,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phoneNumber: owner.phoneNumber,
    },
    createdAt: swap.createdAt.toISOString(),
    updatedAt: swap.updatedAt.toISOString(),
    ...(swap.verifiedAt ? { verifiedAt: swap.verifiedAt.toISOString() } : {}),
    ...(verifier ? { verifiedBy: { _id: verifier.id, email: verifier.email } } : {}),
    adminNote: swap.adminNote,
    ...(swap.adminNote ? { note: swap.adminNote } : {}),
    payoutReference: swap.payoutReference,
    canCancel: ownerCanCancel(swap.status, swap.paymentMethod),
    ...(forAdmin ? { allowedActions: allowedAdminActions(swap.status, swap.paymentMethod) } : {}),
  };
}

/** Fills a message template's {placeholders}. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** A file name as a message may show it ({user_content}): its last part, printable, short. */
export function fileLabel(filename: string | undefined): string {
  const base = path.basename(filename ?? '');
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f').join('');
  return printable.slice(0, 100) || 'The file';
}
