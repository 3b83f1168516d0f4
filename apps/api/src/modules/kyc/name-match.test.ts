import { describe, expect, it } from 'vitest';
import { matchHolder, nameWords } from './name-match';

const holder = (firstName: string, middleName: string, lastName: string, dateOfBirth = '') => ({
  firstName,
  middleName,
  lastName,
  dateOfBirth,
});
const profile = (firstName: string, lastName: string, birthDate = '') => ({
  firstName,
  lastName,
  birthDate,
});

describe('matchHolder (decision 0055)', () => {
  it('refuses another person’s name', () => {
    expect(matchHolder(profile('Tobi', 'Adewale'), holder('Ibrahim', 'Musa', 'Balogun'))).toEqual({
      ok: false,
      reason: 'name',
    });
  });

  it('ignores case, accents, order and a middle name left out of the profile', () => {
    const id = holder('ADÉWÁLÉ', 'OLUWASEUN', 'ÒKAFOR');
    expect(matchHolder(profile('adewale', 'okafor'), id).ok).toBe(true);
    expect(matchHolder(profile('Okafor', 'Adewale'), id).ok).toBe(true);
    expect(matchHolder(profile('Adewale Oluwaseun', 'Okafor'), id).ok).toBe(true);
  });

  it('treats hyphens and apostrophes as part of the same words', () => {
    const id = holder('Chiamaka', 'Ada', 'Okafor-Eze');
    expect(matchHolder(profile('Chiamaka', 'Okafor Eze'), id).ok).toBe(true);
    expect(nameWords("O'Neil Ngozi-Obi")).toEqual(['oneil', 'ngozi', 'obi']);
  });

  it('refuses a profile with a name the identity does not have, or a missing one', () => {
    expect(matchHolder(profile('Tobi', 'Okafor'), holder('Adewale', '', 'Okafor')).ok).toBe(false);
    expect(matchHolder(profile('', 'Okafor'), holder('Adewale', '', 'Okafor')).ok).toBe(false);
    // A near-miss spelling is not waved through: an admin decides.
    expect(matchHolder(profile('Adewalle', 'Okafor'), holder('Adewale', '', 'Okafor')).ok).toBe(
      false,
    );
  });

  it('checks the date of birth only when both sides give one', () => {
    const id = holder('Ada', '', 'Obi', '1990-01-31');
    expect(matchHolder(profile('Ada', 'Obi', '1990-01-31'), id).ok).toBe(true);
    expect(matchHolder(profile('Ada', 'Obi', ''), id).ok).toBe(true);
    expect(matchHolder(profile('Ada', 'Obi', '1991-01-31'), holder('Ada', '', 'Obi')).ok).toBe(
      true,
    );
    expect(matchHolder(profile('Ada', 'Obi', '1990-02-01'), id)).toEqual({
      ok: false,
      reason: 'birthDate',
    });
  });
});
