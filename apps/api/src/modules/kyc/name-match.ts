/**
 * Does an identity's holder match the customer's profile? The tolerance (decision 0055):
 * - case, accents and punctuation do not count ("ADÉWÁLÉ" = "Adewale", "Okafor-Eze" = "Okafor Eze");
 * - order does not count (records often swap first and last names);
 * - the holder's middle names may be left out of the profile, but every name on the profile must
 *   be one of the holder's names: "Tobi Adewale" never matches "Ibrahim Balogun";
 * - the date of birth must be the same day when both the supplier and the profile give one.
 * Nothing fuzzier (no edit distance): a near-miss spelling goes to an admin, not through.
 */

export interface ProfileName {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or ''. */
  birthDate: string;
}

export interface HolderName {
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD or '' (not answered). */
  dateOfBirth: string;
}

export type MatchResult = { ok: true } | { ok: false; reason: 'name' | 'birthDate' };

/** The words of a name: accents stripped, lower case, split at spaces, hyphens and dots. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0);
}

export function matchHolder(profile: ProfileName, holder: HolderName): MatchResult {
  const theirs = new Set(
    [holder.firstName, holder.middleName, holder.lastName].flatMap((part) => nameWords(part)),
  );
  const first = nameWords(profile.firstName);
  const last = nameWords(profile.lastName);
  // Both profile names must be there: an empty one would match anybody.
  if (first.length === 0 || last.length === 0) return { ok: false, reason: 'name' };
  if (![...first, ...last].every((word) => theirs.has(word))) return { ok: false, reason: 'name' };
  if (holder.dateOfBirth && profile.birthDate && holder.dateOfBirth !== profile.birthDate) {
    return { ok: false, reason: 'birthDate' };
  }
  return { ok: true };
}

/** The holder's name as an admin reads it. */
export const fullName = (holder: HolderName) =>
  [holder.firstName, holder.middleName, holder.lastName].filter(Boolean).join(' ');
