import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { randomBytes } from 'node:crypto';
import {
  LIVE_SUPPLIER_VARIABLES,
  SESSION_SECRET_MIN_BITS,
  estimatedSecretBits,
  sessionSecretWeakness,
} from '../src/production-profile';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'owo-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('config', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appName).toBe('Owo');
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('generates the secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ GOOGLE_JWKS_URL: 'not a url' }, 'GOOGLE_JWKS_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    // The reconciler must not requery while the paying request may still be on its way.
    [{ PROCESSING_GRACE_MS: '60000' }, 'PROCESSING_GRACE_MS'],
    [{ PROCESSING_GRACE_MS: '5000', PROVIDER_TIMEOUT_MS: '2500' }, 'PROCESSING_GRACE_MS'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('refuses a metrics listener on the API port, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9100' }).metricsPort).toBe(9100);
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '  ', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});

/** A production environment that passes every rule; each test spoils one thing. */
function productionEnv(): Record<string, string> {
  const suppliers = Object.fromEntries(
    LIVE_SUPPLIER_VARIABLES.map((name) => [
      name,
      name.endsWith('_URL') ? 'https://supplier.example.com/api/' : `${name.toLowerCase()}-value`,
    ]),
  );
  return {
    ...suppliers,
    SAFEHAVEN_DEBIT_ACCOUNT: '0123456789',
    NODE_ENV: 'production',
    PROVIDER_MODE: 'live',
    DATABASE_URL: 'postgres://owo@db:5432/owo',
    SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
    PUBLIC_BASE_URL: 'https://wallet.example.com',
    SESSION_SECRET: 'k3J9x-Qm2vR8tZ1wLp0aYcE7uN4bH6sD',
    TRUST_PROXY: '1',
  };
}

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  return [];
}

describe('SUPPORT_WHATSAPP', () => {
  it('is unset by default: no WhatsApp link anywhere', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).supportWhatsapp).toBeUndefined();
  });

  it('takes a number in international form, spaces and + allowed, kept as digits', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SUPPORT_WHATSAPP: '+234 803 123 4567' });
    expect(config.supportWhatsapp).toBe('2348031234567');
    // Production takes a real number.
    const live = loadConfig({
      DATA_DIR: dataDir(),
      ...productionEnv(),
      SUPPORT_WHATSAPP: '2348031234567',
    });
    expect(live.supportWhatsapp).toBe('2348031234567');
  });

  it('refuses what is not a phone number, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SUPPORT_WHATSAPP: 'call us' })).toThrow(
      /SUPPORT_WHATSAPP: must be a phone number/,
    );
  });
});

describe('production profile', () => {
  it('accepts a safe production environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...productionEnv() });
    expect(config.providerMode).toBe('live');
    expect(config.liveProviders?.vtpass.baseUrl).toBe('https://supplier.example.com/api/');
    expect(config.trustProxy).toBe(1);
  });

  it.each([
    [{ PROVIDER_MODE: 'sandbox' }, 'PROVIDER_MODE: must be live'],
    [{ PROVIDER_MODE: undefined }, 'PROVIDER_MODE: must be live'],
    [{ DATABASE_URL: undefined }, 'DATABASE_URL: required'],
    [{ SMTP_URL: '' }, 'SMTP_URL: required'],
    [{ PUBLIC_BASE_URL: 'http://wallet.example.com' }, 'PUBLIC_BASE_URL: must be an https://'],
    [{ PUBLIC_BASE_URL: undefined }, 'PUBLIC_BASE_URL: required'],
    [{ SESSION_SECRET: undefined }, 'SESSION_SECRET: required'],
    [{ SESSION_SECRET: 'a'.repeat(64) }, 'SESSION_SECRET: must mix at least 10'],
    [{ SESSION_SECRET: 'ab12'.repeat(10) }, 'SESSION_SECRET: must mix at least 10'],
    [{ SESSION_SECRET: '0123456789'.repeat(4).slice(0, 34) }, 'SESSION_SECRET: follows a pattern'],
    [
      { SESSION_SECRET: '0123456789abcdefghijklmnopqrstuvwxyz' },
      'SESSION_SECRET: follows a pattern',
    ],
    [
      { SESSION_SECRET: 'aaaabbbbccccddddeeeeffffgggghhhhiiiijjjj' },
      'SESSION_SECRET: follows a pattern',
    ],
    [
      { SESSION_SECRET: 'replace-with-at-least-32-random-characters' },
      'SESSION_SECRET: is an example value',
    ],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: "true" trusts every'],
    [{ PALMPAY_MERCHANT_PRIVATE_KEY: undefined }, 'PALMPAY_MERCHANT_PRIVATE_KEY: required'],
    [{ VTPASS_BASE_URL: '' }, 'VTPASS_BASE_URL: required'],
    [{ SAFEHAVEN_COMPANY_URL: undefined }, 'SAFEHAVEN_COMPANY_URL: required'],
    [{ CRASH_AT: 'purchase:after-reserve' }, 'CRASH_AT: not allowed'],
    [{ SUPPORT_WHATSAPP: '2348000000000' }, 'SUPPORT_WHATSAPP: looks like a placeholder'],
    [{ SUPPORT_WHATSAPP: '+234 811 1111111' }, 'SUPPORT_WHATSAPP: looks like a placeholder'],
  ])('refuses %j with one line naming the variable', (change, line) => {
    const problems = problemsOf({ ...productionEnv(), ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(line);
  });

  it('accepts generated secrets of every usual form, with room to spare', () => {
    // The shortest generated secret (16 random bytes as 32 hex characters) must pass every time.
    for (let i = 0; i < 200; i += 1) {
      for (const secret of [
        randomBytes(16).toString('hex'),
        randomBytes(32).toString('hex'),
        randomBytes(48).toString('base64'),
        randomBytes(24).toString('base64url'),
      ]) {
        expect(sessionSecretWeakness(secret), secret).toBeUndefined();
      }
    }
    expect(estimatedSecretBits('0123456789'.repeat(4).slice(0, 34))).toBeLessThan(
      SESSION_SECRET_MIN_BITS / 4,
    );
  });

  it('lists the production problems too when a variable is malformed', () => {
    const problems = problemsOf({ NODE_ENV: 'production', SESSION_SECRET: 'short', PORT: 'x' });
    const named = problems.map((line) => line.split(':')[0]);
    expect(named).toEqual(
      expect.arrayContaining(['SESSION_SECRET', 'PORT', 'DATABASE_URL', 'PROVIDER_MODE']),
    );
    expect(new Set(named).size).toBe(named.length);
    expect(problems.find((line) => line.startsWith('SESSION_SECRET'))).toContain('at least 32');
  });

  it('lists every problem at once, one line per variable', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    const named = problems.map((line) => line.split(':')[0]);
    expect(named).toEqual(
      expect.arrayContaining([
        'PROVIDER_MODE',
        'DATABASE_URL',
        'SMTP_URL',
        'PUBLIC_BASE_URL',
        'SESSION_SECRET',
        ...LIVE_SUPPLIER_VARIABLES,
      ]),
    );
    expect(new Set(named).size).toBe(named.length);
  });

  it('exits the server non-zero with the lines on stderr', async () => {
    const { spawnSync } = await import('node:child_process');
    const env: NodeJS.ProcessEnv = { ...process.env, ...productionEnv(), DATA_DIR: dataDir() };
    delete env.SMTP_URL;
    env.PROVIDER_MODE = 'sandbox';
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env,
      encoding: 'utf8',
      // A cold tsx start on a loaded 2-core machine took over 20 s.
      timeout: 150_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('PROVIDER_MODE: must be live when NODE_ENV=production');
    expect(run.stderr).toContain('SMTP_URL: required when NODE_ENV=production');
  }, 180_000);
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.4', ['10.0.0.0/8', '192.168.1.4']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    // Outside production only: tests that send X-Forwarded-For straight to a node.
    ['true', true],
  ])('reads %s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '-1', '101', '10.0.0.0/33', '10.0.0.300', 'proxy.local'])(
    'refuses %s naming TRUST_PROXY',
    (value) => {
      expect(problemsOf({ TRUST_PROXY: value })[0]).toMatch(/^TRUST_PROXY: /);
    },
  );
});
