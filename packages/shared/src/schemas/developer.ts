import { z } from 'zod/mini';
import { developerMessages as m } from '../developer-messages';

/**
 * Profile → Developer: creating and changing API keys (decision 0087). The addresses' shape is
 * checked here; the server checks each one with node:net (which the browser has not) too.
 */

export const API_KEY_SCOPES = ['read', 'purchase'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Unrevoked keys a customer may hold at once. */
export const API_KEY_CAP = 10;
export const API_KEY_NAME_MAX = 60;
export const ALLOWED_IPS_MAX = 20;
/** Long enough for an IPv6 address with a zone-less prefix length. */
const IP_ENTRY_MAX = 64;
const WEBHOOK_URL_MAX = 500;

export const apiKeyNameField = z
  .string({ error: m.nameRequired })
  .check(z.trim(), z.minLength(1, m.nameRequired), z.maxLength(API_KEY_NAME_MAX, m.nameTooLong));

export const apiKeyScopesField = z
  .array(z.enum(API_KEY_SCOPES, { error: m.scopeUnknown }), { error: m.scopesRequired })
  .check(z.minLength(1, m.scopesRequired), z.maxLength(API_KEY_SCOPES.length, m.scopeUnknown));

/** Addresses and CIDR blocks; an empty list admits any address. */
export const allowedIpsField = z
  .array(
    z
      .string({ error: m.ipInvalid })
      .check(
        z.trim(),
        z.minLength(1, m.ipInvalid),
        z.maxLength(IP_ENTRY_MAX, m.ipInvalid),
        z.regex(/^[0-9A-Fa-f.:/]+$/, m.ipInvalid),
      ),
    { error: m.ipInvalid },
  )
  .check(z.maxLength(ALLOWED_IPS_MAX, m.tooManyIps));

/** http or https here; the server refuses http on a live deployment. */
export const webhookUrlField = z.string({ error: m.webhookUrlInvalid }).check(
  z.trim(),
  z.maxLength(WEBHOOK_URL_MAX, m.webhookUrlInvalid),
  z.refine((value: string) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, m.webhookUrlInvalid),
);

/** POST developer/keys */
export const createApiKeySchema = z.object({
  name: apiKeyNameField,
  scopes: apiKeyScopesField,
  allowedIps: z.optional(allowedIpsField),
  webhookUrl: z.optional(z.nullable(webhookUrlField)),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

/** PATCH developer/keys/:id: scopes never change (a new key for new scopes); null clears the URL. */
export const updateApiKeySchema = z.object({
  name: z.optional(apiKeyNameField),
  allowedIps: z.optional(allowedIpsField),
  webhookUrl: z.optional(z.nullable(webhookUrlField)),
});
export type UpdateApiKeyInput = z.output<typeof updateApiKeySchema>;

export const apiKeyIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
