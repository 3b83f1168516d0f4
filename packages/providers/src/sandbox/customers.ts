/**
 * Who owns a meter or smart card in the sandbox. VTpass's documented sandbox numbers get fixed
 * people; every other well-formed number gets one picked from the list by its digits, so the same
 * number always names the same customer.
 */
import { MAGIC_METERS, MAGIC_SMARTCARDS } from './magic';
import { pick } from './sim-kit';

export interface SandboxCustomer {
  name: string;
  address: string;
}

const FIXED: Record<string, SandboxCustomer> = {
  [MAGIC_METERS.delivered]: {
    name: 'Adebayo Oluwaseun Adeyemi',
    address: '14 Adeola Odeku Street, Victoria Island, Lagos',
  },
  [MAGIC_METERS.deliveredPostpaid]: {
    name: 'Chiamaka Ngozi Okafor',
    address: '7 Ogui Road, Enugu',
  },
  [MAGIC_SMARTCARDS.delivered]: {
    name: 'Ibrahim Musa Danjuma',
    address: '22 Ahmadu Bello Way, Kaduna',
  },
};

const PEOPLE: SandboxCustomer[] = [
  { name: 'Folasade Temitope Balogun', address: '3 Bode Thomas Street, Surulere, Lagos' },
  { name: 'Emeka Chukwudi Eze', address: '41 Zik Avenue, Uwani, Enugu' },
  { name: 'Aisha Bello Abdullahi', address: '9 Zoo Road, Gyadi-Gyadi, Kano' },
  { name: 'Tunde Olamide Bakare', address: '18 Ring Road, Challenge, Ibadan' },
  { name: 'Ngozi Adaeze Nwachukwu', address: '5 Aggrey Road, Port Harcourt' },
  { name: 'Yusuf Abubakar Garba', address: '27 Aminu Kano Crescent, Wuse 2, Abuja' },
  { name: 'Blessing Efe Omoregie', address: '12 Sapele Road, Benin City' },
  { name: 'Kelechi Ifeanyi Okonkwo', address: '60 Faulks Road, Aba' },
  { name: 'Halima Sadiya Mohammed', address: '4 Atiku Abubakar Way, Jimeta, Yola' },
  { name: 'Samuel Dauda Pam', address: '15 Ahmadu Bello Way, Jos' },
];

export function customerFor(number: string): SandboxCustomer {
  return FIXED[number] ?? PEOPLE[pick(number, PEOPLE.length)]!;
}
