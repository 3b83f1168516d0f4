import fc from 'fast-check';

/**
 * The bad values a field is sent, by category. Each is a fast-check arbitrary of the value that
 * replaces the field (`base` is the field's well-formed value, so text can be spoiled in place).
 */

/** Characters that break text handling: NUL (PostgreSQL refuses it in text), RTL override,
 * zero-width, a lone surrogate, BOM, combining marks, emoji, line breaks, a backslash. */
export const NASTY_CHARACTERS = [
  '\u0000',
  '\u202E',
  '\u200B',
  '\uD800',
  '\uFEFF',
  'e\u0301',
  '💸',
  '👨‍👩‍👧',
  'مرحبا',
  '\r\n',
  '\\',
  '１２３４',
];

const SQLISH = [
  "' OR '1'='1",
  "'; drop table users; --",
  '%',
  '_',
  '$1',
  '1 union select null',
  '"',
];

const HUGE = [
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  2 ** 31,
  2 ** 63,
  1e21,
  'Infinity',
  '-Infinity',
  '1e309',
  '9'.repeat(400),
  '2147483648',
  '9223372036854775808',
  '1e400',
];

const NEGATIVE = [-1, -100, -0.01, '-1000', -(2 ** 31) - 1, '-0', -1e308, '- 5'];

/** Amounts and ids with more decimals than kobo allow, or float artefacts. */
const FRACTIONAL = [
  100.001,
  1000.005,
  0.1 + 0.2,
  99.999999999,
  1e-7,
  '100.001',
  '1000.005',
  '1e-7',
  '100.',
  '.5',
  '1,000.50',
  '1000.1.1',
  '5e2',
  '0x10',
];

const NOT_NUMBERS = ['NaN', 'undefined', 'null', 'true', '', ' ', '1_000', '１０００', '∞', '0b11'];

export type FieldKind =
  | 'wrong-type'
  | 'huge-number'
  | 'negative'
  | 'fractional'
  | 'not-a-number'
  | 'unicode'
  | 'overlong'
  | 'nested'
  | 'sql-ish'
  | 'null-or-empty';

export const FIELD_KINDS: FieldKind[] = [
  'wrong-type',
  'huge-number',
  'negative',
  'fractional',
  'not-a-number',
  'unicode',
  'overlong',
  'nested',
  'sql-ish',
  'null-or-empty',
];

/** Spoils a text: a nasty character replacing it, or put before, inside or after it. */
const spoiled = (base: string) =>
  fc
    .tuple(fc.constantFrom(...NASTY_CHARACTERS), fc.nat({ max: 3 }), fc.nat())
    .map(([bad, where, at]) => {
      if (where === 0) return bad;
      if (where === 1) return bad + base;
      if (where === 2) return base + bad;
      const i = base.length === 0 ? 0 : at % base.length;
      return base.slice(0, i) + bad + base.slice(i);
    });

/** A value nested where a scalar is expected: wrapped in an array or object, or deep. */
const nested = (base: unknown) =>
  fc.oneof(
    fc.constant([base]),
    fc.constant({ value: base }),
    fc.constant([]),
    fc.constant({}),
    fc.nat({ max: 2000 }).map((depth) => {
      let v: unknown = base;
      for (let i = 0; i < depth + 2; i += 1) v = [v];
      return v;
    }),
  );

/** Another JSON type than the base's. */
const wrongType = (base: unknown) => {
  const options: unknown[] = [true, false, null, 0, 1, 'text', [], {}];
  return fc.constantFrom(
    ...options.filter((v) => typeof v !== typeof base || Array.isArray(v) !== Array.isArray(base)),
  );
};

export function fieldValue(kind: FieldKind, base: unknown): fc.Arbitrary<unknown> {
  const text = typeof base === 'string' ? base : JSON.stringify(base ?? '');
  switch (kind) {
    case 'wrong-type':
      return wrongType(base);
    case 'huge-number':
      return fc.constantFrom(...HUGE);
    case 'negative':
      return fc.constantFrom(...NEGATIVE);
    case 'fractional':
      return fc.constantFrom(...FRACTIONAL);
    case 'not-a-number':
      return fc.constantFrom(...NOT_NUMBERS);
    case 'unicode':
      return spoiled(text);
    case 'overlong':
      // 10 kB fits the 64 kB body limit (the schema must refuse it); 70 kB does not (413).
      return fc.constantFrom(10_000, 70_000, 300).map((n) => text.padEnd(n, 'x'));
    case 'nested':
      return nested(base);
    case 'sql-ish':
      return fc.constantFrom(...SQLISH).map((s) => (typeof base === 'string' ? base + s : s));
    case 'null-or-empty':
      return fc.constantFrom(null, '', '   ', '\t');
  }
}

/** Names of fields no schema knows (an extra field, or a prototype-pollution key as text). */
export const EXTRA_KEYS = ['isAdmin', 'role', 'accountBalance', 'userId', 'x'.repeat(300), '💸'];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
