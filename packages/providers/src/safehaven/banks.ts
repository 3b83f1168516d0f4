/**
 * The simulator's bank list (GET transfers/banks): Nigerian banks with their NIBSS NIP institution
 * codes (`bankCode`, what name enquiry and transfers take) and CBN sort-code prefixes
 * (`nubanCode`).
 */
export interface SafeHavenCatalogueBank {
  name: string;
  bankCode: string;
  nubanCode: string;
  alias: string[];
}

const bank = (
  name: string,
  bankCode: string,
  nubanCode: string,
  ...alias: string[]
): SafeHavenCatalogueBank => ({ name, bankCode, nubanCode, alias });

export const SAFEHAVEN_BANKS: readonly SafeHavenCatalogueBank[] = [
  bank('Access Bank', '000014', '044', 'Access'),
  bank('Access Bank (Diamond)', '000005', '063', 'Diamond Bank'),
  bank('Citibank Nigeria', '000009', '023', 'Citi'),
  bank('Ecobank Nigeria', '000010', '050', 'Ecobank'),
  bank('Fidelity Bank', '000007', '070', 'Fidelity'),
  bank('First Bank of Nigeria', '000016', '011', 'FirstBank', 'FBN'),
  bank('First City Monument Bank', '000003', '214', 'FCMB'),
  bank('Globus Bank', '000027', '103', 'Globus'),
  bank('Guaranty Trust Bank', '000013', '058', 'GTBank', 'GTCO'),
  bank('Jaiz Bank', '000006', '301', 'Jaiz'),
  bank('Keystone Bank', '000002', '082', 'Keystone'),
  bank('Kuda Microfinance Bank', '090267', '50211', 'Kuda'),
  bank('Moniepoint Microfinance Bank', '090405', '50515', 'Moniepoint'),
  bank('OPay Digital Services', '100004', '999992', 'OPay', 'Paycom'),
  bank('PalmPay', '100033', '999991', 'Palmpay'),
  bank('Polaris Bank', '000008', '076', 'Polaris', 'Skye Bank'),
  bank('Providus Bank', '000023', '101', 'Providus'),
  bank('Safe Haven Microfinance Bank', '090286', '51113', 'Safe Haven MFB', 'SafeHaven'),
  bank('Stanbic IBTC Bank', '000012', '221', 'Stanbic'),
  bank('Standard Chartered Bank', '000021', '068', 'StanChart'),
  bank('Sterling Bank', '000001', '232', 'Sterling'),
  bank('Titan Trust Bank', '000025', '102', 'Titan'),
  bank('Union Bank of Nigeria', '000018', '032', 'Union Bank'),
  bank('United Bank for Africa', '000004', '033', 'UBA'),
  bank('Unity Bank', '000011', '215', 'Unity'),
  bank('VFD Microfinance Bank', '090110', '566', 'VFD', 'V Bank'),
  bank('Wema Bank', '000017', '035', 'Wema', 'ALAT'),
  bank('Zenith Bank', '000015', '057', 'Zenith'),
];

export const SAFEHAVEN_BANK_CODES: ReadonlyMap<string, SafeHavenCatalogueBank> = new Map(
  SAFEHAVEN_BANKS.map((b) => [b.bankCode, b]),
);

/** Safe Haven's own NIP code: sub-accounts and name enquiries on them use it. */
export const SAFEHAVEN_OWN_BANK_CODE = '090286';
