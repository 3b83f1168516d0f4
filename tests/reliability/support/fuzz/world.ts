import { createTestApp, customer, type TestApp } from '../../../../apps/api/test/harness';
import { newSwap, signInAdmin } from '../../../../apps/api/test/airtime-swap-support';
import { verifyKyc } from '../../../../apps/api/test/deposit-support';
import { makeImages, type Images } from './multipart-cases';

/**
 * Who the fuzzer sends its requests as, so they get past authentication and reach validation: a
 * KYC-verified customer with a PIN, money and an unfinished airtime swap (the upload route's
 * well-formed id), and an admin.
 */
export interface World {
  t: TestApp;
  user: { token: string; id: string; email: string };
  admin: { token: string; id: string; email: string };
  /** Path parameters that must name something real for the request to reach its body. */
  realParams: Record<string, Record<string, string>>;
  images: Images;
}

export async function makeWorld(): Promise<World> {
  const t = await createTestApp({
    // Configured, so a Google token is checked (and refused) instead of answering 503 "not set
    // up"; the key set is on a port nothing listens on: no request leaves the machine.
    GOOGLE_CLIENT_ID: 'fuzz-client.apps.googleusercontent.com',
    GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks',
  });
  try {
    const user = await customer(t, 200_000);
    await verifyKyc(t, user);
    const admin = await signInAdmin(t);
    const swapRef = await newSwap(t, user, 'wallet');
    return {
      t,
      user,
      admin,
      realParams: { 'POST /api/airtime-swap/:swapId/upload': { swapId: swapRef } },
      images: await makeImages(),
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** A session of its own for a route that ends the session it is called with (logout). */
export async function freshSession(w: World): Promise<string> {
  const issued = await w.t.services.sessions.issue(w.user.id, {
    ip: '127.0.0.1',
    userAgent: 'fuzz',
  });
  return issued.token;
}
