/**
 * Who the Safe Haven simulator says owns an identity number or a bank account: a name picked from
 * the digits, so the same number always names the same person.
 */
import { pick } from '../sandbox/sim-kit';

const FIRST_NAMES = [
  'Adebayo',
  'Chiamaka',
  'Ibrahim',
  'Folasade',
  'Emeka',
  'Aisha',
  'Tunde',
  'Ngozi',
  'Yusuf',
  'Blessing',
  'Kelechi',
  'Halima',
  'Oluwaseun',
  'Chinedu',
  'Zainab',
  'Babatunde',
  'Amarachi',
  'Musa',
  'Funmilayo',
  'Obinna',
] as const;

const LAST_NAMES = [
  'Adeyemi',
  'Okafor',
  'Danjuma',
  'Balogun',
  'Eze',
  'Abdullahi',
  'Bakare',
  'Nwachukwu',
  'Garba',
  'Omoregie',
  'Okonkwo',
  'Mohammed',
  'Ogunleye',
  'Obi',
  'Lawal',
  'Adewale',
  'Uche',
  'Bello',
  'Akinola',
  'Nnamdi',
] as const;

export interface PersonName {
  firstName: string;
  middleName: string;
  lastName: string;
}

export function personFor(number: string): PersonName {
  return {
    firstName: FIRST_NAMES[pick(`first:${number}`, FIRST_NAMES.length)]!,
    middleName: FIRST_NAMES[pick(`middle:${number}`, FIRST_NAMES.length)]!,
    lastName: LAST_NAMES[pick(`last:${number}`, LAST_NAMES.length)]!,
  };
}

/** The name NIP answers for an account, upper-case as banks return it. */
export function accountNameFor(accountNumber: string): string {
  const person = personFor(`account:${accountNumber}`);
  return `${person.firstName} ${person.middleName} ${person.lastName}`.toUpperCase();
}
