import type { AccountDto } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import type { UserAccountRow } from './repository';

/**
 * A bank account held for the user, in the spec's accountDetails shape. The balance is the
 * wallet's: the ledger holds the only balance, the accounts are ways in.
 */
export function toAccountDto(row: UserAccountRow, walletKobo: number): AccountDto {
  return {
    _id: row.id,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    accountType: row.kind,
    accountBalance: koboToNaira(walletKobo),
    status: row.status,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths and bodies are our uuids; anything else names nothing (404, not a SQL error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** "{name}" placeholders of a message filled in. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}
