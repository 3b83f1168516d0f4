/** Profile → Developer calls (bearer): the customer's API keys (decision 0087). */
import type { ApiKeyReply, ApiKeysReply, CreatedApiKeyReply } from '@owo/shared/developer-messages';
import type { ApiKeyScope } from '@owo/shared/schemas/developer';
import { apiRequest } from '../../../lib/api';

export const apiKeysKey = ['developer', 'keys'] as const;

export interface NewApiKeyInput {
  name: string;
  scopes: ApiKeyScope[];
  allowedIps: string[];
  webhookUrl: string | null;
}

export const listApiKeys = () => apiRequest<ApiKeysReply>('/developer/keys');

export const createApiKey = (input: NewApiKeyInput) =>
  apiRequest<CreatedApiKeyReply>('/developer/keys', { method: 'POST', body: input });

export const revokeApiKey = (id: string) =>
  apiRequest<ApiKeyReply>(`/developer/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
