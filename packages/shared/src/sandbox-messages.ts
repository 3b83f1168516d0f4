/** Texts of the sandbox's own screens and replies (sandbox mode only; never shown live). */
/** The banner's own words, apart so every screen's bundle carries only these two. */
export const sandboxBannerMessages = {
  banner: 'Sandbox — no real money',
  mailboxButton: 'Mailbox',
} as const;

export const sandboxMessages = {
  mailboxTitle: 'Sandbox mailbox',
  mailboxIntro:
    'The e-mails and texts Owo would have sent. Codes are shown for the address you type or are signed in with.',
  mailboxEmailLabel: 'E-mail address',
  mailboxEmpty: 'Nothing sent to this address yet.',
  mailboxKycTitle: 'Safe Haven texts (NIN/BVN codes)',
  mailboxKycEmpty: 'No verification codes yet.',
  mailboxRefresh: 'Refresh',
  addMoney: 'Add money (sandbox)',
  addMoneyHint: 'Plays your bank transfer of this amount through the PalmPay sandbox.',
  addMoneySent: 'Transfer sent. Your wallet is being credited.',
  addMoneyFailed: 'The sandbox could not play the transfer. Please try again.',
  depositNotPayable: 'This deposit is no longer waiting for a transfer.',
} as const;
