import type { TierProduct } from './price-tiers';

/** What admins read about price tiers (decision 0090). */
export const priceTierMessages = {
  cardTitle: 'Price tier',
  tierLabel: 'Tier',
  save: 'Save tier',
  readOnly: 'Only admins can change a customer’s tier.',
  discountsOf: (dataPercent: number) =>
    dataPercent > 0 ? `${dataPercent}% off data plans` : 'Our standard prices',
  loadFailed: 'Could not load the price tiers.',
  settingsTitle: 'Price tiers',
  settingsHint:
    'A tier’s discount comes off our selling price and never below our cost. Airtime, electricity and betting sell at cost, so a discount there changes nothing today.',
  customers: (n: number) => (n === 1 ? '1 customer' : `${n} customers`),
  saveDiscounts: 'Save discounts',
  /** The field's label: the card says these are discounts, the field's % sign says in what. */
  discountLabel: (product: string) => product,
  discountsHeading: 'Discount off our selling price',
  productNames: {
    data: 'Data',
    airtime: 'Airtime',
    cable: 'Cable TV',
    electricity: 'Electricity',
    betting: 'Betting',
  } satisfies Record<TierProduct, string>,
  dashboardTitle: 'Margin by price tier',
  orders: 'Orders',
  revenue: 'Revenue',
  cost: 'Cost',
  margin: 'Margin',
} as const;
