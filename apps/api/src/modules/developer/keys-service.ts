import {
  developerMessages,
  type ApiKeyDto,
  type ApiKeyReply,
  type ApiKeysReply,
  type CreatedApiKeyReply,
  type WebhookSecretReply,
} from '@owo/shared/developer-messages';
import {
  API_KEY_CAP,
  type CreateApiKeyInput,
  type UpdateApiKeyInput,
} from '@owo/shared/schemas/developer';
import type { AppDeps } from '../../deps';
import { AppError, type FieldError } from '../../errors';
import { isAllowedIpEntry } from './allowed-ips';
import { generateKey } from './key-format';
import { apiKeysRepository as repo, type ApiKeyRow } from './keys-repository';
import { webhookSecretOf } from './webhook-secret';

function toDto(row: ApiKeyRow): ApiKeyDto {
  return {
    _id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyDto['scopes'],
    allowedIps: row.allowedIps,
    webhookUrl: row.webhookUrl,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The customer's management of their API keys (Profile → Developer, decision 0087): owner-only
 * (another's id is 404), a verified wallet to create one, at most API_KEY_CAP unrevoked at once,
 * the key shown once and kept only as its digest.
 */
export function createDeveloperKeyService({
  database,
  clock,
  config,
}: Pick<AppDeps, 'database' | 'clock' | 'config'>) {
  const notFound = () => new AppError('NOT_FOUND', { message: developerMessages.notFound });
  const invalid = (field: string, message: string) =>
    new AppError('VALIDATION_FAILED', { message, errors: [{ field, message }] });

  /** The deployment decides the mode: the simulators' deployment issues test keys. */
  const mode = () => (config.providerMode === 'sandbox' ? 'test' : 'live');

  /** Checks with node:net and drops repeats; refuses the whole list on one bad entry. */
  function allowedIpsOf(entries: readonly string[]): string[] {
    const problems: FieldError[] = entries
      .map((entry, i) => ({ entry, i }))
      .filter(({ entry }) => !isAllowedIpEntry(entry))
      .map(({ i }) => ({ field: `allowedIps.${i}`, message: developerMessages.ipInvalid }));
    if (problems.length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: developerMessages.ipInvalid,
        errors: problems,
      });
    }
    return [...new Set(entries)];
  }

  /** A live deployment posts order outcomes only over TLS; the sandbox may post to http. */
  function webhookUrlOf(url: string | null | undefined): string | null {
    if (!url) return null;
    if (config.providerMode === 'live' && !url.startsWith('https://')) {
      throw invalid('webhookUrl', developerMessages.webhookUrlHttps);
    }
    return url;
  }

  return {
    async list(userId: string): Promise<ApiKeysReply> {
      const rows = await repo.listOf(database.db, userId);
      return { success: true, message: developerMessages.listed, data: rows.map(toDto) };
    },

    async create(userId: string, input: CreateApiKeyInput): Promise<CreatedApiKeyReply> {
      const allowedIps = allowedIpsOf(input.allowedIps ?? []);
      const webhookUrl = webhookUrlOf(input.webhookUrl);
      const key = generateKey(mode());
      const now = clock.now();
      const row = await database.db.transaction(async (tx) => {
        const owner = await repo.lockOwner(tx, userId);
        if (!owner?.isKycVerified) throw new AppError('API_WALLET_NOT_VERIFIED');
        if ((await repo.countLive(tx, userId)) >= API_KEY_CAP) throw new AppError('API_KEYS_FULL');
        return repo.insert(tx, {
          userId,
          name: input.name,
          mode: mode(),
          prefix: key.prefix,
          keyDigest: key.digest,
          scopes: [...new Set(input.scopes)],
          allowedIps,
          webhookUrl,
          createdAt: now,
          updatedAt: now,
        });
      });
      return {
        success: true,
        message: developerMessages.created,
        data: {
          ...toDto(row),
          secret: key.secret,
          webhookSecret: webhookSecretOf(config.sessionSecret, row.id),
        },
      };
    },

    /**
     * The owner check comes before the body's (the route runs it before its schema): someone
     * else's id is 404 whatever they send. An id the path schema refuses is left to it.
     */
    async assertOwned(userId: string, id: unknown) {
      if (typeof id !== 'string' || id.length > 64) return;
      if (!(await repo.ownedBy(database.db, userId, id))) throw notFound();
    },

    async update(userId: string, id: string, input: UpdateApiKeyInput): Promise<ApiKeyReply> {
      const existing = await repo.ownedBy(database.db, userId, id);
      if (!existing) throw notFound();
      if (existing.revokedAt) throw new AppError('API_KEY_REVOKED');
      const values = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.allowedIps !== undefined ? { allowedIps: allowedIpsOf(input.allowedIps) } : {}),
        ...(input.webhookUrl !== undefined ? { webhookUrl: webhookUrlOf(input.webhookUrl) } : {}),
      };
      if (Object.keys(values).length === 0) throw new AppError('NOTHING_TO_UPDATE');
      const row = await repo.update(database.db, userId, id, values, clock.now());
      // Revoked between the read and the write.
      if (!row) throw new AppError('API_KEY_REVOKED');
      return { success: true, message: developerMessages.updated, data: toDto(row) };
    },

    /** Idempotent: a key already revoked answers as it stands, its first revocation time kept. */
    async revoke(userId: string, id: string): Promise<ApiKeyReply> {
      const row =
        (await repo.revoke(database.db, userId, id, clock.now())) ??
        (await repo.ownedBy(database.db, userId, id));
      if (!row) throw notFound();
      return { success: true, message: developerMessages.revoked, data: toDto(row) };
    },

    async webhookSecret(userId: string, id: string): Promise<WebhookSecretReply> {
      const row = await repo.ownedBy(database.db, userId, id);
      if (!row) throw notFound();
      return {
        success: true,
        message: developerMessages.webhookSecret,
        data: { webhookSecret: webhookSecretOf(config.sessionSecret, row.id) },
      };
    },
  };
}

export type DeveloperKeyService = ReturnType<typeof createDeveloperKeyService>;
