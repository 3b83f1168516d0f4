/**
 * Nigerian phone numbers (§5): non-digits stripped; 0 + 10 digits, 234 + 10 digits or +234 + 10
 * digits, and the digit after the prefix is 1-9.
 */
const PHONE_PATTERN = /^(?:0|234)([1-9]\d{9})$/;

export function isValidNigerianPhone(input: string): boolean {
  return PHONE_PATTERN.test(input.replace(/\D/g, ''));
}

/** "+234XXXXXXXXXX" (the KYC form), or null when the number is not valid. */
export function toInternationalPhone(input: string): string | null {
  const match = PHONE_PATTERN.exec(input.replace(/\D/g, ''));
  return match ? `+234${match[1]}` : null;
}

/** "0XXXXXXXXXX" (the local form suppliers expect), or null when not valid. */
export function toLocalPhone(input: string): string | null {
  const match = PHONE_PATTERN.exec(input.replace(/\D/g, ''));
  return match ? `0${match[1]}` : null;
}
