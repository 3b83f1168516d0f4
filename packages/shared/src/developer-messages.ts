/**
 * Profile → Developer: the customer's API keys (decision 0087). The texts the screen and the API
 * share, and the reply types of /api/developer/keys, read from their schemas in
 * replies/developer.ts.
 */
import type { z } from 'zod/mini';
import type {
  apiKeyDtoSchema,
  apiKeyReplySchema,
  apiKeysReplySchema,
  createdApiKeyReplySchema,
  webhookSecretReplySchema,
} from './replies/developer';

export const developerMessages = {
  nameRequired: 'Please give this key a name.',
  nameTooLong: 'Please use a shorter name (60 characters at most).',
  scopesRequired: 'Please choose at least one permission.',
  scopeUnknown: 'Permissions are "read" and "purchase".',
  tooManyIps: 'You can allow up to 20 addresses.',
  ipInvalid: 'Enter IP addresses (1.2.3.4) or CIDR blocks (1.2.3.0/24), one per line.',
  webhookUrlInvalid: 'Enter a full web address, starting with https://.',
  webhookUrlHttps: 'The webhook address must start with https://.',
  keysFull: 'You can have up to 10 active keys. Revoke one to create another.',
  keyRevoked: 'This key has been revoked and can no longer be changed.',
  notFound: 'API key not found.',
  listed: 'API keys retrieved',
  created: 'API key created',
  updated: 'API key updated',
  revoked: 'API key revoked',
  webhookSecret: 'Webhook secret retrieved',
  notVerified: 'API keys need a verified wallet. Verify your identity in the app first.',
  // The screen
  title: 'Developer',
  intro:
    'Sell airtime, data and bills from your own shop, bot or app with the Owo API. Each integration gets its own key.',
  docsLink: 'Read the API documentation',
  webhooksLink: 'Webhook deliveries',
  webhooksHint: 'What we sent to your webhook URL, and replay',
  keysHeading: 'Your API keys',
  noKeys: 'You have no API keys yet.',
  createKey: 'Create API key',
  createHeading: 'New API key',
  nameLabel: 'Name',
  namePlaceholder: 'e.g. My shop',
  scopesLabel: 'Permissions',
  scopeRead: 'Read: balance, products and orders',
  scopePurchase: 'Purchase: buy from your wallet',
  allowedIpsLabel: 'Allowed IP addresses (optional)',
  allowedIpsHint: 'One per line. Leave empty to allow any address.',
  webhookUrlLabel: 'Webhook URL (optional)',
  webhookUrlHint: 'We post the final outcome of each order here.',
  submit: 'Create key',
  cancel: 'Cancel',
  shownOnceHeading: 'Copy your key now',
  shownOnceWarning:
    'This key will not be shown again. Store it somewhere safe: anyone who has it can buy from your wallet.',
  keyLabel: 'API key',
  webhookSecretLabel: 'Webhook signing secret',
  copy: 'Copy',
  copied: 'Copied',
  done: 'I have saved it',
  testBadge: 'Test',
  liveBadge: 'Live',
  revokedBadge: 'Revoked',
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this key?',
  revokeBody: 'Anything using this key will stop working at once. This cannot be undone.',
  revokeConfirm: 'Revoke key',
  unverifiedHeading: 'Verify your wallet first',
  unverifiedBody:
    'API keys can spend from your wallet, so they are only available once your identity is verified.',
  unverifiedAction: 'Verify my identity',
  loadFailed: 'Could not load your API keys.',
  retry: 'Try again',
} as const;

/** "Last used 2 min ago from 1.2.3.4" */
export const lastUsedText = (ago: string, ip: string | null) =>
  ip ? `Last used ${ago} from ${ip}` : `Last used ${ago}`;

export type ApiKeyDto = z.output<typeof apiKeyDtoSchema>;
export type ApiKeysReply = z.output<typeof apiKeysReplySchema>;
export type ApiKeyReply = z.output<typeof apiKeyReplySchema>;
export type CreatedApiKeyReply = z.output<typeof createdApiKeyReplySchema>;
export type WebhookSecretReply = z.output<typeof webhookSecretReplySchema>;
