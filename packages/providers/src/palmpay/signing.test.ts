import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_KEYS } from '../sandbox/keys';
import {
  loadPrivateKey,
  loadPublicKey,
  signingDigest,
  signingString,
  signParams,
  verifyParams,
} from './signing';

const merchantPrivate = loadPrivateKey(SANDBOX_KEYS.palmpay.merchantPrivateKey);
const merchantPublic = loadPublicKey(SANDBOX_KEYS.palmpay.merchantPublicKey);
const platformPublic = loadPublicKey(SANDBOX_KEYS.palmpay.platformPublicKey);

const params = {
  requestTime: 1662171389940,
  version: 'V1.1',
  nonceStr: 'IBJGAeTa4ZJQv4Z2qufomVo9eI1YnJ9Y',
  amount: 200,
  orderId: 'testc9ffae997fc4',
};

describe('PalmPay signing string', () => {
  it('sorts keys by ASCII and joins k=v with &', () => {
    expect(signingString(params)).toBe(
      'amount=200&nonceStr=IBJGAeTa4ZJQv4Z2qufomVo9eI1YnJ9Y&orderId=testc9ffae997fc4&requestTime=1662171389940&version=V1.1',
    );
  });

  it('leaves out sign and empty values, trims the rest, and sorts upper case first', () => {
    expect(
      signingString({
        b: ' x ',
        sign: 'abc',
        empty: '',
        blank: '   ',
        none: null,
        missing: undefined,
        Z: 0,
        a: false,
      }),
    ).toBe('Z=0&a=false&b=x');
  });

  it('signs the upper-case hex MD5 of that string', () => {
    expect(signingDigest(params)).toMatch(/^[0-9A-F]{32}$/);
    expect(signingDigest({ ...params, sign: 'ignored' })).toBe(signingDigest(params));
  });
});

describe('PalmPay signatures (SHA1withRSA over the MD5)', () => {
  it('verifies a signature made with the matching private key', () => {
    const signature = signParams(params, merchantPrivate);
    expect(signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(verifyParams(params, signature, merchantPublic)).toBe(true);
    // Key order and an added sign field do not matter.
    const reordered = {
      version: params.version,
      orderId: params.orderId,
      amount: params.amount,
      nonceStr: params.nonceStr,
      requestTime: params.requestTime,
      sign: signature,
    };
    expect(verifyParams(reordered, signature, merchantPublic)).toBe(true);
  });

  it('accepts the URL-encoded form PalmPay webhooks use', () => {
    const signature = signParams(params, merchantPrivate);
    const encoded = encodeURIComponent(signature);
    expect(encoded).not.toBe(signature);
    expect(verifyParams(params, encoded, merchantPublic)).toBe(true);
  });

  it('detects tampering with any value, an added field or the wrong key', () => {
    const signature = signParams(params, merchantPrivate);
    expect(verifyParams({ ...params, amount: 201 }, signature, merchantPublic)).toBe(false);
    expect(verifyParams({ ...params, extra: 'x' }, signature, merchantPublic)).toBe(false);
    expect(verifyParams(params, signature, platformPublic)).toBe(false);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyParams(params, flipped, merchantPublic)).toBe(false);
    expect(verifyParams(params, 'not base64 at all!', merchantPublic)).toBe(false);
    expect(verifyParams(params, '%E0%A4%A', merchantPublic)).toBe(false);
  });
});

describe('PalmPay key loading', () => {
  it('reads PEM and PalmPay’s bare base64 (PKCS#8 / SPKI and PKCS#1)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bare = (der: Buffer) => der.toString('base64');
    const pkcs8 = bare(privateKey.export({ format: 'der', type: 'pkcs8' }));
    const pkcs1 = bare(privateKey.export({ format: 'der', type: 'pkcs1' }));
    const spki = bare(publicKey.export({ format: 'der', type: 'spki' }));
    const pkcs1Public = bare(publicKey.export({ format: 'der', type: 'pkcs1' }));

    for (const privateText of [pkcs8, pkcs1, privateKey.export({ format: 'pem', type: 'pkcs1' })]) {
      const signature = signParams(params, loadPrivateKey(String(privateText)));
      for (const publicText of [
        spki,
        pkcs1Public,
        publicKey.export({ format: 'pem', type: 'spki' }),
      ]) {
        expect(verifyParams(params, signature, loadPublicKey(String(publicText)))).toBe(true);
      }
    }
  });

  it('ships two different 2048-bit sandbox key pairs that match', () => {
    const keys = SANDBOX_KEYS.palmpay;
    for (const [priv, pub] of [
      [keys.merchantPrivateKey, keys.merchantPublicKey],
      [keys.platformPrivateKey, keys.platformPublicKey],
    ] as const) {
      const derived = createPublicKey(createPrivateKey(priv)).export({
        format: 'pem',
        type: 'spki',
      });
      expect(String(derived).trim()).toBe(pub.trim());
      expect(createPublicKey(pub).asymmetricKeyDetails?.modulusLength).toBe(2048);
    }
    expect(keys.merchantPublicKey).not.toBe(keys.platformPublicKey);
  });
});
