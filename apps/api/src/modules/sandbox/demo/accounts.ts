/** Who the demo seeds: printed with their passwords at the end of `npm run demo`. */
export const DEMO_PASSWORD = 'Dem0!wallet';
export const DEMO_PIN = '2580';

export const DEMO_ADMIN = { email: 'admin@demo.owo.ng', password: DEMO_PASSWORD };

export const DEMO_CUSTOMERS = {
  ada: { email: 'ada@demo.owo.ng', firstName: 'Ada', lastName: 'Okafor', phone: '08031234567' },
  bola: { email: 'bola@demo.owo.ng', firstName: 'Bola', lastName: 'Adeyemi', phone: '08051234567' },
  chidi: { email: 'chidi@demo.owo.ng', firstName: 'Chidi', lastName: 'Eze', phone: '08021234567' },
} as const;

export type DemoCustomerKey = keyof typeof DEMO_CUSTOMERS;

export const DEMO_EMAILS: readonly string[] = [
  DEMO_ADMIN.email,
  ...Object.values(DEMO_CUSTOMERS).map((c) => c.email),
];
