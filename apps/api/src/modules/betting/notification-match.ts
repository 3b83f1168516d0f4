import { isObject } from '@owo/providers/wire';

/**
 * Whether a signed PalmPay bill notification is about the order it names, by what PalmPay
 * documents: our order number (the lookup already matched it) and the amount PalmPay charges us.
 * PalmPay's Create Order example answers `amount: 8800` for an order of 10000 (its charge, not our
 * selling price), and its notifications carry that charge too; comparing with our selling price
 * would refuse every genuine notification of a discounted order (decision 0042).
 *
 * - When a PalmPay reply of this order said what it charges (the create or query reply kept as
 *   the order's last answer, `data.amount`), the notification must say the same.
 * - Otherwise (the create reply was lost), any charge above zero and not above the order's face
 *   value is PalmPay's: PalmPay never charges more than the amount we asked it to pay.
 */
export function notificationMatches(
  order: { costKobo: number; lastAnswer: unknown },
  notifiedKobo: number,
): boolean {
  const charged = chargedKobo(order.lastAnswer);
  if (charged !== undefined) return notifiedKobo === charged;
  return notifiedKobo > 0 && notifiedKobo <= order.costKobo;
}

/** `data.amount` of the PalmPay reply kept on the order (settlement's answerOf shape). */
function chargedKobo(lastAnswer: unknown): number | undefined {
  if (!isObject(lastAnswer) || !isObject(lastAnswer.raw)) return undefined;
  const data = lastAnswer.raw.data;
  if (!isObject(data)) return undefined;
  const amount = data.amount;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0
    ? amount
    : undefined;
}
