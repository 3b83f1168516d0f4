/**
 * The Safe Haven MFB adapter: the real HTTP client for Safe Haven's API (identity verification,
 * sub-accounts, bank list and name enquiry, VAS bills), used against api.safehavenmfb.com in
 * production and against the simulator in the sandbox and tests. Transport and token: transport.ts;
 * VAS and balance: vas.ts; the wire and its sources: SOURCES.md.
 */
import type {
  CreateResult,
  IdentityType,
  SafeHavenBank,
  SafeHavenClient,
  SafeHavenSubAccount,
} from '../types';
import { ProviderError } from '../errors';
import { isObject, nonEmpty, type JsonObject } from '../wire';
import { createTransport, lookup, unavailable, type SafeHavenAdapterOptions } from './transport';
import { createVasCalls } from './vas';

export type { SafeHavenAdapterOptions } from './transport';

export const SAFEHAVEN_DEFAULT_BANK_NAME = 'Safe Haven MFB';

export function createSafeHavenClient(options: SafeHavenAdapterOptions): SafeHavenClient {
  const { debitAccountNumber } = options;
  const transport = createTransport(options);

  /** Identity and sub-account calls: data, or the reason they did not work. */
  async function create(path: string, body: JsonObject): Promise<CreateResult<JsonObject>> {
    const answer = await transport.post(path, body);
    if (!answer.ok) return answer;
    const { status, json, message } = answer;
    if (status >= 400) return { ok: false, reason: 'rejected', description: message };
    if (!isObject(json.data)) return unavailable(`Safe Haven ${path}: no data in reply`);
    return { ok: true, value: json.data };
  }

  return {
    ...createVasCalls(transport, { debitAccountNumber, statusUrl: options.statusUrl }),

    async initiateVerification({ type, number }) {
      const result = await create('identity/v2', {
        type,
        number,
        debitAccountNumber,
        async: false,
      });
      if (!result.ok) return result;
      const identityId = nonEmpty(result.value._id);
      if (!identityId) {
        return unavailable('Safe Haven: no identity _id');
      }
      return { ok: true, value: { identityId } };
    },

    async validateVerification({ identityId, type, otp }) {
      const result = await create('identity/v2/validate', { identityId, type, otp });
      if (!result.ok) return result;
      const data = result.value;
      const person = isObject(data.providerResponse) ? data.providerResponse : data;
      const firstName = nonEmpty(person.firstName) ?? nonEmpty(person.first_name);
      const lastName = nonEmpty(person.lastName) ?? nonEmpty(person.last_name);
      const middleName = nonEmpty(person.middleName) ?? nonEmpty(person.middle_name) ?? '';
      if (!firstName || !lastName) {
        return unavailable('Safe Haven: validation reply has no names');
      }
      return {
        ok: true,
        value: {
          firstName: titleCase(firstName),
          middleName: titleCase(middleName),
          lastName: titleCase(lastName),
          dateOfBirth: isoDate(
            nonEmpty(person.dateOfBirth) ?? nonEmpty(person.dob) ?? nonEmpty(person.birthDate),
          ),
        },
      };
    },

    async createSubAccount(input): Promise<CreateResult<SafeHavenSubAccount>> {
      const result = await create('accounts/v2/subaccount', {
        phoneNumber: input.phoneNumber,
        emailAddress: input.emailAddress,
        identityId: input.identityId,
        identityNumber: input.identityNumber,
        identityType: input.identityType satisfies IdentityType,
        otp: input.otp,
        externalReference: input.externalReference,
      });
      if (!result.ok) return result;
      const data = result.value;
      const accountNumber = nonEmpty(data.accountNumber);
      const accountName = nonEmpty(data.accountName);
      if (!accountNumber || !/^\d{10}$/.test(accountNumber) || !accountName) {
        return unavailable('Safe Haven: sub-account reply has no account number or name');
      }
      return {
        ok: true,
        value: {
          accountNumber,
          accountName,
          bankName: nonEmpty(data.bankName) ?? SAFEHAVEN_DEFAULT_BANK_NAME,
        },
      };
    },

    async banks(): Promise<SafeHavenBank[]> {
      const data = await transport.read('transfers/banks');
      if (!Array.isArray(data)) throw new ProviderError('safehaven', 'bank list is not a list');
      const banks: SafeHavenBank[] = [];
      for (const entry of data) {
        if (!isObject(entry)) continue;
        const bankCode = nonEmpty(entry.bankCode);
        const name = nonEmpty(entry.name);
        if (bankCode && name) banks.push({ bankCode, name });
      }
      return banks;
    },

    async nameEnquiry({ bankCode, accountNumber }) {
      const result = await lookup(transport, 'transfers/name-enquiry', { bankCode, accountNumber });
      if (!result.ok) return result;
      const accountName = nonEmpty(result.info.accountName);
      if (!accountName) {
        return unavailable('Safe Haven: no accountName');
      }
      return {
        ok: true,
        info: {
          accountName,
          accountNumber: nonEmpty(result.info.accountNumber) ?? accountNumber,
          bankCode: nonEmpty(result.info.bankCode) ?? bankCode,
        },
      };
    },
  };
}

/** "ADEBAYO" → "Adebayo", "OKAFOR-EZE" → "Okafor-Eze": identity registries shout. */
/**
 * A date of birth as YYYY-MM-DD: ISO (with or without a time) or DD-MM-YYYY / DD/MM/YYYY, the
 * forms Nigerian identity records use; anything else is treated as not answered ('').
 */
export function isoDate(value: string | undefined): string {
  if (!value) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]}-${dmy[1]}`;
  return '';
}

export function titleCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
