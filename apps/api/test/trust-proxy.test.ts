import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { fastifyTrustProxy } from '../src/production-profile';

/** The client address Fastify reports for a request from `peer` carrying `forwarded`. */
async function clientIp(trustProxy: string, peer: string, forwarded?: string) {
  const config = loadConfig({
    DATA_DIR: '/tmp/owo-trust-proxy',
    SESSION_SECRET: 'x'.repeat(40),
    TRUST_PROXY: trustProxy,
  });
  const app = Fastify({ trustProxy: fastifyTrustProxy(config.trustProxy) });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  const res = await app.inject({
    url: '/ip',
    remoteAddress: peer,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });
  await app.close();
  return res.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY reaches Fastify', () => {
  it('reads the client that many hops back in X-Forwarded-For', async () => {
    // nginx (10.0.0.2) appends the address it saw; a forged first entry is not believed.
    expect(await clientIp('1', '10.0.0.2', '6.6.6.6, 41.58.1.7')).toBe('41.58.1.7');
    // A TLS balancer in front of nginx: two hops.
    expect(await clientIp('2', '10.0.0.2', '6.6.6.6, 41.58.1.7, 10.0.0.9')).toBe('41.58.1.7');
  });

  it('trusts only the listed proxies', async () => {
    expect(await clientIp('10.0.0.0/8', '10.0.0.2', '41.58.1.7')).toBe('41.58.1.7');
    // A client that reaches the node directly cannot name another address.
    expect(await clientIp('10.0.0.0/8', '41.58.1.7', '6.6.6.6')).toBe('41.58.1.7');
  });

  it('without it every customer has the balancer address', async () => {
    expect(await clientIp('false', '10.0.0.2', '41.58.1.7')).toBe('10.0.0.2');
  });
});
