/**
 * How a transfer names the other side on screens and shared receipts (decision 0056): the way
 * Nigerian bank apps do, enough to recognise a person without printing their whole identity on
 * an image that may be forwarded anywhere. "Tobi Adeyemi" reads "Tobi A."; "tobi@gmail.com"
 * reads "to***@gmail.com".
 */

/** "Tobi A." from "Tobi Adeyemi"; a single name stays whole; an e-mail or nothing gives ''. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // A name that is really the e-mail (an account without a name) is not a name at all.
  if (words.length === 0 || words.some((w) => w.includes('@'))) return '';
  const [first, ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : (first ?? '');
}

/**
 * "to***@gmail.com" from "tobi@gmail.com": the first two characters of the mailbox (one when it
 * has two or fewer), then three stars whatever its length, then the whole domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '';
  const mailbox = email.slice(0, at);
  const shown = mailbox.length > 2 ? mailbox.slice(0, 2) : mailbox.slice(0, 1);
  return `${shown}***${email.slice(at).toLowerCase()}`;
}
