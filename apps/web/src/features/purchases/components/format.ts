import { formatNaira, formatWholeNaira } from '../../../lib/money';

/** "₦300" for whole naira, "₦299.50" otherwise (plan cards, chips). */
export function formatPrice(naira: number): string {
  return Number.isInteger(naira) ? formatWholeNaira(naira) : formatNaira(naira);
}

/** "0803 123 4567" for display; other text unchanged. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return /^0\d{10}$/.test(digits)
    ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    : phone;
}
