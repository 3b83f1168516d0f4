import { z } from 'zod/mini';
import { API_KEY_SCOPES } from '../schemas/developer';
import { dataReply, listReply } from './common';

/** An API key as its owner sees it: never the key itself nor its digest. */
export const apiKeyDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  mode: z.enum(['live', 'test']),
  /** The key's first 17 characters (`owo_test_AbC12345`), to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  allowedIps: z.array(z.string()),
  webhookUrl: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  lastUsedIp: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  createdAt: z.string(),
});

/** GET developer/keys: newest first, revoked ones included. */
export const apiKeysReplySchema = listReply(apiKeyDtoSchema);

/** PATCH and DELETE developer/keys/:id: the key as it now is. */
export const apiKeyReplySchema = dataReply(apiKeyDtoSchema);

/** POST developer/keys (201): the key's fields and, this once, the key and its webhook secret. */
export const createdApiKeyReplySchema = dataReply(
  z.extend(apiKeyDtoSchema, { secret: z.string(), webhookSecret: z.string() }),
);

/** GET developer/keys/:id/webhook-secret */
export const webhookSecretReplySchema = dataReply(z.object({ webhookSecret: z.string() }));
