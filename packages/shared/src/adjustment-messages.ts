/**
 * Texts of staff credits and debits under four eyes (decision 0047) and of refunded orders a
 * supplier delivered after all (decision 0048): the API's answers and the Approvals screen. The
 * spec has no such screen; these follow the admin screens' voice.
 */
export const adjustmentMessages = {
  title: 'Approvals',
  link: 'Approvals',
  intro: 'Every credit or debit by staff waits here until a second admin approves or rejects it.',
  pendingTitle: 'Waiting for approval',
  decidedTitle: 'Decided',
  noneWaiting: 'Nothing to approve',
  noneWaitingText: 'Credits and debits filed by admins appear here.',
  loadFailed: 'Could not load the requests',
  approve: 'Approve',
  reject: 'Reject',
  approveTitle: 'Approve this request',
  rejectTitle: 'Reject this request',
  overrideCap: 'Credit past the balance cap',
  overrideReasonLabel: 'Why may it pass the cap?',
  rejectReasonLabel: 'Why is it rejected?',
  requestedBy: 'Requested by {who}',
  decidedBy: '{status} by {who}',
  statusNames: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as Record<
    string,
    string
  >,
  directionNames: { credit: 'Credit', debit: 'Debit' } as Record<string, string>,
  yourRequest: 'Your request: another admin must decide it.',
  ownWalletHint: 'Your own wallet: another admin must decide it.',
  overCapWarning: 'Balance after approval {after} passes the cap of {cap}.',
  // API answers
  requested: '{direction} of {amount} requested. Another admin must approve it.',
  approved: '{direction} of {amount} approved and posted.',
  rejected: 'Request rejected.',
  reasonRequired: 'A reason is required.',
  ownWallet: 'Staff cannot credit or debit their own wallet.',
  ownRequest: 'Another admin must approve or reject your own request.',
  ownOrder: 'Another admin must approve, refund or reverse your own order.',
  alreadyDecided: 'This request has already been decided.',
  overCeiling: 'One request may move at most {limit}.',
  overDaily:
    'You have asked to move {used} today; the daily total per admin is {limit}, so at most {room} more.',
  overCap:
    'This credit would take the wallet to {after}, past its balance cap of {cap}. Approve it with a reason to let it pass.',
  overrideNeedsReason: 'Give the reason the credit may pass the balance cap.',
  // refunded orders delivered after all
  deliveriesTitle: 'Delivered after a refund',
  deliveriesIntro:
    'The supplier delivered these orders after an admin refunded them: the customer has the goods and the money.',
  noDeliveries: 'No refunded order was delivered',
  recover: 'Recover',
  writeOff: 'Write off',
  recoverTitle: 'Recover the refund',
  recoverText: 'Files a debit of the refunded amount for another admin to approve.',
  writeOffTitle: 'Write off',
  writeOffText: 'The customer keeps the money; the loss is recorded.',
  recoveryRequested: 'Recovery requested. Another admin must approve the debit.',
  writtenOff: 'Written off.',
  deliveryNotOpen: 'This order has already been recovered or written off.',
  deliveryStatusNames: {
    open: 'Open',
    recovery_requested: 'Recovery requested',
    recovered: 'Recovered',
    written_off: 'Written off',
  } as Record<string, string>,
  deliveryReason: 'Recovery: {description} delivered after a refund',
} as const;

/** Fills `{name}` placeholders of the texts above. */
export function fillAdjustmentText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}
