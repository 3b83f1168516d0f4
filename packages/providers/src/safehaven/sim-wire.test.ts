/**
 * The Safe Haven simulator's wire as other people's clients meet it: the OAuth2 token request
 * form-encoded (the standard encoding) as well as JSON, and one name for our own debit account
 * whichever call names it.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '../sandbox/keys';
import { startTestSandbox, type TestSandbox } from '../sandbox/test-support';
import { audienceOf, CLIENT_ASSERTION_TYPE, signClientAssertion } from './auth';
import { SAFEHAVEN_OWN_BANK_CODE } from './banks';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const keys = SANDBOX_KEYS.safehaven;
const url = (path: string) => new URL(path, t.sandbox.baseUrls.safehaven).toString();

function tokenFields(): Record<string, string> {
  const iat = Math.floor(Date.now() / 1000);
  const assertion = signClientAssertion(
    {
      iss: keys.companyUrl,
      sub: keys.clientId,
      aud: audienceOf(t.sandbox.baseUrls.safehaven),
      iat,
      exp: iat + 600,
    },
    keys.privateKey,
  );
  return {
    grant_type: 'client_credentials',
    client_id: keys.clientId,
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: assertion,
  };
}

async function tokenBy(encoding: 'form' | 'json') {
  const fields = tokenFields();
  const response = await fetch(url('oauth2/token'), {
    method: 'POST',
    headers: {
      'content-type':
        encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: encoding === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('Safe Haven token request', () => {
  it.each(['form', 'json'] as const)('accepts the %s-encoded request', async (encoding) => {
    const { status, body } = await tokenBy(encoding);
    expect(status).toBe(200);
    expect(body.access_token).toMatch(/\w{20,}/);
    expect(body.ibs_client_id).toBe(
      createHash('sha256').update(keys.clientId).digest('hex').slice(0, 24),
    );
  });

  it('still checks a form-encoded request: a wrong client id is refused', async () => {
    const fields = { ...tokenFields(), client_id: 'someone-else' };
    const response = await fetch(url('oauth2/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(response.status).toBe(401);
  });
});

describe('our own account', () => {
  it('has the name GET accounts gives it in a name enquiry too', async () => {
    const { body } = await tokenBy('form');
    const headers = {
      authorization: `Bearer ${body.access_token}`,
      clientid: body.ibs_client_id!,
      'content-type': 'application/json',
    };
    const accounts = (await (await fetch(url('accounts'), { headers })).json()) as {
      data: Array<{ accountNumber: string; accountName: string }>;
    };
    const ours = accounts.data.find((a) => a.accountNumber === keys.debitAccountNumber);
    expect(ours?.accountName).toBe('OWO SANDBOX');

    const enquiry = await t.providers.safehaven.nameEnquiry({
      bankCode: SAFEHAVEN_OWN_BANK_CODE,
      accountNumber: keys.debitAccountNumber,
    });
    expect(enquiry).toMatchObject({ ok: true, info: { accountName: ours?.accountName } });
  });
});
