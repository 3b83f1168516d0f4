import { inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { SandboxInbox } from '../inbox';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_PIN, type DEMO_CUSTOMERS } from './accounts';
import type { Call } from './requests';

/** How many accounts are not the demo's own (any is a reason to refuse) and how many are. */
export async function accountCounts(db: DbOrTx) {
  const [others] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(notInArray(users.email, [...DEMO_EMAILS]));
  const [demo] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.email, [...DEMO_EMAILS]));
  return { others: others?.n ?? 0, demo: demo?.n ?? 0 };
}

export interface DemoUser {
  email: string;
  id: string;
  token: string;
  /** When (on the demo's clock) the token was issued. */
  signedInAt: number;
}

/** Signs a customer up the way the app does: code by e-mail (read from the mailbox), then PIN. */
export async function signUpCustomer(
  call: Call,
  inbox: SandboxInbox,
  person: (typeof DEMO_CUSTOMERS)[keyof typeof DEMO_CUSTOMERS],
  at: Date,
): Promise<DemoUser> {
  const { email } = person;
  await call('POST', '/api/auth/request-otp', { payload: { email } });
  const code = inbox.mailsTo(email)[0]?.code;
  if (!code) throw new Error(`demo: no sign-in code reached the mailbox for ${email}`);
  const verified = await call('POST', '/api/auth/verify-otp', { payload: { email, otp: code } });
  const { signupTicket } = verified.json() as { signupTicket: string };
  const done = await call('POST', '/api/auth/complete-signup', {
    payload: {
      firstName: person.firstName,
      lastName: person.lastName,
      email,
      phoneNumber: person.phone,
      password: DEMO_PASSWORD,
      signupTicket,
    },
  });
  const body = done.json() as { token: string; data: { _id: string } };
  await call('POST', '/api/user/set-transaction-pin', {
    token: body.token,
    payload: { transactionPin: DEMO_PIN },
  });
  return { email, id: body.data._id, token: body.token, signedInAt: at.getTime() };
}

export async function logIn(call: Call, email: string, at: Date): Promise<DemoUser> {
  const reply = await call('POST', '/api/auth/login', {
    payload: { email, password: DEMO_PASSWORD },
  });
  const body = reply.json() as { token: string; data: { _id: string } };
  return { email, id: body.data._id, token: body.token, signedInAt: at.getTime() };
}
