/** "0803 123 4567" for display; other text unchanged. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return /^0\d{10}$/.test(digits)
    ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    : phone;
}
