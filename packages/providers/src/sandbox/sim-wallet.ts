/**
 * Our wallet (float) at one simulated supplier. Each simulator debits it for every order it
 * records and does not refuse at once, answers its documented balance call from it, and refuses a
 * purchase it cannot cover with its documented insufficient-balance failure. The sandbox's control
 * call sets it, so a test or a demo can drain a supplier and watch the low-balance warning.
 */
export const SIM_WALLET_SUPPLIERS = [
  'vtpass',
  'datastation',
  'ogdams',
  'palmpay',
  'safehaven',
] as const;
export type SimWalletSupplier = (typeof SIM_WALLET_SUPPLIERS)[number];

/** Large enough that an ordinary demo never runs a supplier dry. */
export const SIM_OPENING_BALANCE_KOBO = 5_000_000_00;

/** Opening balances; Safe Haven's sandbox float has been ₦10,000,000 from the start. */
export const SIM_OPENING_KOBO: Record<SimWalletSupplier, number> = {
  vtpass: SIM_OPENING_BALANCE_KOBO,
  datastation: SIM_OPENING_BALANCE_KOBO,
  ogdams: SIM_OPENING_BALANCE_KOBO,
  palmpay: SIM_OPENING_BALANCE_KOBO,
  safehaven: 10_000_000_00,
};

export class SimWallet {
  constructor(private kobo: number = SIM_OPENING_BALANCE_KOBO) {}

  get balanceKobo(): number {
    return this.kobo;
  }

  covers(amountKobo: number): boolean {
    return amountKobo <= this.kobo;
  }

  debit(amountKobo: number): void {
    this.kobo -= amountKobo;
  }

  /** Money back for an order the supplier reversed or failed after charging. */
  credit(amountKobo: number): void {
    this.kobo += amountKobo;
  }

  set(amountKobo: number): void {
    this.kobo = amountKobo;
  }
}

export type SimWallets = Record<SimWalletSupplier, SimWallet>;

export function createSimWallets(): SimWallets {
  return Object.fromEntries(
    SIM_WALLET_SUPPLIERS.map((s) => [s, new SimWallet(SIM_OPENING_KOBO[s])]),
  ) as SimWallets;
}
