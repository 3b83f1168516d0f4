import fc from 'fast-check';
import { z } from 'zod';

/**
 * Well-formed request parts, derived from the routes' own zod schemas: each field's shape comes
 * from z.toJSONSchema (types, enums, patterns, bounds); a field whose rule is a refinement the
 * JSON schema cannot show (a Nigerian phone, a network id) also gets the domain values below,
 * chosen by the field's name. A search then keeps, field by field, the first candidate the
 * schema accepts, so the mutations start from a request that would otherwise pass.
 */

export interface FieldShape {
  name: string;
  required: boolean;
  /** JSON types the field takes ('string', 'number', 'integer', 'boolean', 'array', 'object'). */
  types: string[];
  json: JsonSchema;
}

export interface ObjectShape {
  fields: FieldShape[];
  /** Unknown keys are refused (.strict()). */
  strict: boolean;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  default?: unknown;
}

/** The object a request part must be, read from its zod schema. */
export function shapeOf(schema: z.core.$ZodType): ObjectShape {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(json.required ?? []);
  const fields = Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    required: required.has(name),
    types: typesOf(field),
    json: field,
  }));
  return { fields, strict: json.additionalProperties === false };
}

function typesOf(field: JsonSchema): string[] {
  if (field.anyOf) return [...new Set(field.anyOf.flatMap(typesOf))];
  if (field.type) return [field.type].flat();
  if (field.enum) return [...new Set(field.enum.map((v) => typeof v))];
  if (field.const !== undefined) return [typeof field.const];
  return [];
}

const EMAIL = 'fuzz.nobody@example.com';

/** Domain values by field name: the shapes a refinement wants that JSON schema cannot show. */
const NAME_HINTS: [RegExp, unknown[]][] = [
  [/pin$/i, ['1234']],
  [/otp/i, ['1234', '123456']],
  [/email/i, [EMAIL]],
  [/phone|mobile/i, ['08031234567']],
  [/password/i, ['Str0ng!pass']],
  [/birth/i, ['1990-01-01']],
  [/^(number|identityNumber|entityNumber|billersCode|meter_number|meterNumber)$/, ['12345678901']],
  [/card/i, ['1234567890']],
  [/accountNumber/i, ['0123456789']],
  [/bankCode/i, ['000013']],
  [/bankDetails/, [{ accountNumber: '0123456789', bank: 'GTBank', accountName: 'Ada Obi' }]],
  [/percentage/i, [5, '2.5']],
  [/duration/i, [10, 30, 60]],
  [/^serviceID$/, ['mtn-data', 'mtn', 'gotv', 'ikeja-electric']],
  [/^network$/, [1, 'MTN']],
  [/paymentMethod/, ['wallet', 'bank']],
  [/meterType|vendType|^type$|variation_code/, ['prepaid']],
  [/^service$/, ['AIRTIME']],
  [/disco_name|plan|cablePlanID|data_id/i, [1]],
  [/amount|price/i, [1000, 100, 5000, '1000']],
  [/year/i, [2026]],
  [/month|day|page/i, [1]],
  [/signupTicket|idToken/i, ['fuzz-ticket']],
];

function hintsFor(name: string): unknown[] {
  return NAME_HINTS.filter(([pattern]) => pattern.test(name)).flatMap(([, values]) => values);
}

/** Values of the field's own shape, in the order tried. */
function structuralCandidates(field: JsonSchema, seed: number): unknown[] {
  if (field.anyOf) return field.anyOf.flatMap((option) => structuralCandidates(option, seed));
  if (field.enum) return field.enum;
  if (field.const !== undefined) return [field.const];
  const out: unknown[] = [];
  for (const type of typesOf(field)) {
    if (type === 'string') {
      if (field.pattern) {
        try {
          out.push(
            ...fc.sample(fc.stringMatching(new RegExp(field.pattern)), { seed, numRuns: 3 }),
          );
        } catch {
          // A pattern fast-check cannot generate from: the plain values below.
        }
      }
      const min = field.minLength ?? 0;
      out.push('fuzz'.padEnd(Math.max(min, 4), 'z').slice(0, field.maxLength ?? 64));
    } else if (type === 'number' || type === 'integer') {
      const min = field.minimum ?? 1;
      const max = field.maximum ?? 1000;
      out.push(Math.max(min, Math.min(max, 1)), min, Math.floor((min + max) / 2));
    } else if (type === 'boolean') out.push(true, false);
    else if (type === 'array') {
      out.push(field.items ? structuralCandidates(field.items, seed).slice(0, 1) : []);
    } else if (type === 'object') out.push({});
  }
  if (typesOf(field).length === 0) out.push('fuzz', 1);
  return out;
}

export interface Base {
  value: Record<string, unknown>;
  /** The schema accepts `value` (false: no candidate combination passed; still fuzzed). */
  valid: boolean;
}

/**
 * The first combination of candidates the schema accepts: start with each field's first candidate
 * and move on, for each field an issue names, to its next one (an optional field's last choice is
 * to be left out).
 */
export function baseFor(
  schema: z.core.$ZodType,
  asText: boolean,
  seed: number,
  field: (name: string) => unknown[] = () => [],
): Base {
  const shape = shapeOf(schema);
  const candidates = shape.fields.map((f) => {
    const list = [...field(f.name), ...hintsFor(f.name), ...structuralCandidates(f.json, seed)];
    const unique = [...new Map(list.map((v) => [JSON.stringify(v), v])).values()];
    const text = asText ? unique.filter((v) => typeof v !== 'object').map(String) : unique;
    return f.required ? text : [...text, undefined];
  });
  const choice = shape.fields.map(() => 0);
  const build = () => {
    const value: Record<string, unknown> = {};
    shape.fields.forEach((f, i) => {
      const v = candidates[i]?.[choice[i] ?? 0];
      if (v !== undefined) value[f.name] = v;
    });
    return value;
  };
  for (let round = 0; round < 300; round += 1) {
    const value = build();
    const result = z.safeParse(schema, value);
    if (result.success) return { value, valid: true };
    const named = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    let moved = false;
    const onFields = shape.fields.some((f) => named.has(f.name));
    shape.fields.forEach((f, i) => {
      if (!named.has(f.name)) return;
      const next = (choice[i] ?? 0) + 1;
      if (next < (candidates[i]?.length ?? 0)) {
        choice[i] = next;
        moved = true;
      }
    });
    if (!moved && onFields) break;
    // An issue on the whole object (a cross-field rule): try the next combination in order.
    if (!moved && !onFields) {
      const i = round % Math.max(1, shape.fields.length);
      choice[i] = ((choice[i] ?? 0) + 1) % Math.max(1, candidates[i]?.length ?? 1);
    }
  }
  return { value: build(), valid: false };
}
