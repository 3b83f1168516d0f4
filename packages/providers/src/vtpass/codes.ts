/**
 * VTpass's documented response codes (https://www.vtpass.com/documentation/response-codes/) and
 * what each means for an order. VTpass's own rule on that page: "Take any response that differs
 * from the guidelines provided here as pending", so a code that is not in this table is pending.
 * SOURCES.md lists the source of every line.
 */

/**
 * How a code reads on a pay call.
 * - refused: VTpass did not take the order; nothing was charged, the customer is refunded.
 * - ourSide: also refused, and the cause is our VTpass account or set-up (credentials, IP
 *   whitelist, float, a product or service switched off for us): refunded AND an operator alert.
 * - reversed: VTpass took the order and gave the money back to our VTpass wallet.
 * - pending: anything that may still be delivered, or that says nothing about the order.
 * - pendingAlert: a code no public VTpass page defines whose wording points at our set-up: pending
 *   (VTpass's rule for anything outside its table), never refunded or sent on to the next
 *   supplier, and an operator alert so someone looks now (decision 0042).
 */
export type VtpassCodeMeaning = 'refused' | 'ourSide' | 'reversed' | 'pending' | 'pendingAlert';

interface CodeEntry {
  meaning: VtpassCodeMeaning;
  /** VTpass's wording of the code, for descriptions when the reply has none. */
  text: string;
  /** ourSide and pendingAlert: the operator-facing alert. */
  alert?: string;
}

const refused = (text: string): CodeEntry => ({ meaning: 'refused', text });
const ourSide = (text: string, alert: string): CodeEntry => ({ meaning: 'ourSide', text, alert });
const pendingCode = (text: string): CodeEntry => ({ meaning: 'pending', text });
const pendingAlert = (text: string, alert: string): CodeEntry => ({
  meaning: 'pendingAlert',
  text,
  alert,
});

export const VTPASS_CODES: Readonly<Record<string, CodeEntry>> = {
  // 000 and 001 carry the transaction; its status decides (outcome.ts).
  '000': pendingCode('TRANSACTION PROCESSED'),
  '001': pendingCode('TRANSACTION QUERY'),
  '099': pendingCode('TRANSACTION IS PROCESSING'),
  '089': pendingCode('REQUEST IS PROCESSING, PLEASE WAIT BEFORE MAKING ANOTHER REQUEST'),
  // "Transaction has been resolved. Please contact us": an operator must ask VTpass.
  '044': pendingCode('TRANSACTION RESOLVED'),
  // An order with this request id exists: requery it, never refund on this answer.
  '014': pendingCode('REQUEST ID ALREADY EXIST'),
  // "Oops!!! System error": says nothing about the order.
  '083': pendingCode('SYSTEM ERROR'),
  '016': refused('TRANSACTION FAILED'),
  '091': refused('TRANSACTION NOT PROCESSED'),
  '010': refused('VARIATION CODE DOES NOT EXIST'),
  '011': refused('INVALID ARGUMENTS'),
  '012': refused('PRODUCT DOES NOT EXIST'),
  '013': refused('BELOW MINIMUM AMOUNT ALLOWED'),
  '017': refused('ABOVE MAXIMUM AMOUNT ALLOWED'),
  '019': refused('LIKELY DUPLICATE TRANSACTION'),
  // The verification codes: "if any of the below status code is gotten during product purchase,
  // treat as failed" (020, 011, 012, 030).
  '020': refused('BILLER CONFIRMED'),
  '030': refused('BILLER NOT REACHABLE AT THIS POINT'),
  '031': refused('BELOW MINIMUM QUANTITY ALLOWED'),
  '032': refused('ABOVE MAXIMUM QUANTITY ALLOWED'),
  '040': { meaning: 'reversed', text: 'TRANSACTION REVERSAL' },
  '018': ourSide('LOW WALLET BALANCE', 'VTpass wallet balance too low: fund the VTpass wallet'),
  '021': ourSide('ACCOUNT LOCKED', 'VTpass account locked: contact VTpass'),
  '022': ourSide('ACCOUNT SUSPENDED', 'VTpass account suspended: contact VTpass'),
  '023': ourSide(
    'API ACCESS NOT ENABLE FOR USER',
    'VTpass API access not enabled on our account: ask VTpass to activate it',
  ),
  '024': ourSide('ACCOUNT INACTIVE', 'VTpass account inactive: contact VTpass'),
  '027': ourSide(
    'IP NOT WHITELISTED, CONTACT SUPPORT',
    "VTpass refused our server's IP address: send it to VTpass support for whitelisting",
  ),
  '028': ourSide(
    'PRODUCT IS NOT WHITELISTED ON YOUR ACCOUNT',
    'VTpass product not whitelisted on our account: whitelist it in the VTpass dashboard',
  ),
  '034': ourSide('SERVICE SUSPENDED', 'VTpass has suspended this service: switch it off here'),
  '035': ourSide('SERVICE INACTIVE', 'VTpass has turned this service off: switch it off here'),
  '085': ourSide(
    'IMPROPER REQUEST ID',
    'VTpass refused our request id (must start with today in Lagos, YYYYMMDDHHII): check the server clock',
  ),
  // No public VTpass page defines 087 (the response-codes page ends at 085/089 for pay codes), so
  // whether the order was charged is unknown: pending, and the wording says to check our keys.
  '087': pendingAlert(
    'INVALID CREDENTIALS',
    'VTpass answered 087 INVALID CREDENTIALS (not a documented code; the order is held pending, not refunded): check VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY, then settle the order from the needs-decision queue',
  ),
};

/**
 * Codes a requery can answer about the order itself. Every other code on a requery is about the
 * requery call (our keys, our IP, a missing argument) and leaves the order pending. 015 is the
 * documented "This RequestID was not used on our platform", only ever returned for a requery.
 */
export const REQUERY_ORDER_CODES = new Set(['000', '001', '016', '040', '091', '015']);

/** VTpass codes are 3-digit strings; tolerate a number (0 → "000"). */
export function vtpassCode(value: unknown): string | undefined {
  const t =
    typeof value === 'number' && Number.isInteger(value) && value >= 0
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : undefined;
  if (t === undefined || !/^\d{1,3}$/.test(t)) return undefined;
  return t.padStart(3, '0');
}
