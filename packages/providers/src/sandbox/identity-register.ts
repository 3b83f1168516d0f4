/**
 * The sandbox's stand-in for the national identity register (NIMC, the BVN database): who holds
 * each NIN/BVN the Safe Haven simulator is asked about. Safe Haven answers the holder's name and
 * the simulator cannot know it from the wire, so sandbox mode enrols the applicant's profile as
 * the holder of the number they type (PUT below, from the API's sandbox wiring) and a customer's
 * own name matches — except the magic numbers (SAFEHAVEN_IDENTITIES.otherHolder), which always
 * belong to someone else, so the name check and the review queue can be exercised (decision 0055).
 * A number nobody enrolled belongs to a person picked from its digits. Not any supplier's API.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isObject, nonEmpty } from '../wire';
import { SAFEHAVEN_IDENTITIES } from './magic';

export const IDENTITY_REGISTER_PREFIX = '/sandbox/identities';

export interface RegisteredHolder {
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD, or '' when unknown. */
  dateOfBirth: string;
}

/** The fixed holder of the magic "someone else's number". */
export const OTHER_HOLDER: RegisteredHolder = {
  firstName: 'Ibrahim',
  middleName: 'Musa',
  lastName: 'Balogun',
  dateOfBirth: '1979-03-14',
};

export class IdentityRegister {
  private readonly holders = new Map<string, RegisteredHolder>();

  holderOf(number: string): RegisteredHolder | undefined {
    if (number === SAFEHAVEN_IDENTITIES.otherHolder) return OTHER_HOLDER;
    return this.holders.get(number);
  }

  /** False for a magic number, whose holder never changes. */
  enrol(number: string, holder: RegisteredHolder): boolean {
    if (number === SAFEHAVEN_IDENTITIES.otherHolder) return false;
    this.holders.set(number, holder);
    return true;
  }
}

const NAME = /^[\p{L}][\p{L}' .-]{0,59}$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** PUT /sandbox/identities/<11 digits> {firstName, middleName?, lastName, dateOfBirth?}. */
export function identityRegisterControl(register: IdentityRegister): FastifyPluginAsync {
  return async (app) => {
    app.put<{ Params: { number: string } }>('/:number', async (request, reply) => {
      const { number } = request.params;
      if (!/^\d{11}$/.test(number)) return reply.code(400).send({ error: 'number: 11 digits' });
      const body = isObject(request.body) ? request.body : {};
      const firstName = nonEmpty(body.firstName);
      const lastName = nonEmpty(body.lastName);
      const middleName = nonEmpty(body.middleName) ?? '';
      const dateOfBirth = nonEmpty(body.dateOfBirth) ?? '';
      if (!firstName || !lastName || !NAME.test(firstName) || !NAME.test(lastName)) {
        return reply.code(400).send({ error: 'firstName and lastName are required' });
      }
      if ((middleName && !NAME.test(middleName)) || (dateOfBirth && !DATE.test(dateOfBirth))) {
        return reply.code(400).send({ error: 'middleName or dateOfBirth malformed' });
      }
      const enrolled = register.enrol(number, { firstName, middleName, lastName, dateOfBirth });
      return { enrolled };
    });
  };
}
