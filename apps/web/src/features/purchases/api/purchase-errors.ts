export const PURCHASE_FAILED_FALLBACK = 'Transaction failed. Please try again.';
