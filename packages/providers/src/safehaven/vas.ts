/**
 * Safe Haven's VAS calls (vas/services, categories, products, vas/verify, vas/pay/*,
 * vas/transaction/{id}) and our account balance. Amounts are kobo on our side, naira on the wire.
 * SOURCES.md names the documentation for each field.
 */
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type {
  PurchaseOutcome,
  RequeryRef,
  SafeHavenBalance,
  SafeHavenClient,
  SafeHavenEntity,
  SafeHavenPayKind,
  SafeHavenPayRequest,
  SafeHavenProduct,
  SafeHavenServiceCategory,
} from '../types';
import { ProviderError } from '../errors';
import { failed, pending } from '../outcome';
import { isObject, nairaToKobo, nonEmpty, text, yes, type JsonObject } from '../wire';
import { payOutcome, transactionOutcome } from './outcome';
import { lookup, unavailable, type SafeHavenTransport } from './transport';

type VasCalls = Pick<
  SafeHavenClient,
  'verifyEntity' | 'pay' | 'requery' | 'categories' | 'products' | 'balance'
>;

/** The pay kinds whose documented body has a statusUrl (airtime and data only). */
const STATUS_URL_KINDS: ReadonlySet<SafeHavenPayKind> = new Set(['airtime', 'data']);

export function createVasCalls(
  transport: SafeHavenTransport,
  options: { debitAccountNumber: string; statusUrl?: string },
): VasCalls {
  const { debitAccountNumber } = options;

  return {
    async verifyEntity({ serviceCategoryId, entityNumber }) {
      const result = await lookup(transport, 'vas/verify', { serviceCategoryId, entityNumber });
      if (!result.ok) return result;
      const data = result.info;
      const customerName = nonEmpty(data.name) ?? nonEmpty(data.customerName);
      if (!customerName) return unavailable('Safe Haven: verify gave no name');
      const details: Record<string, string> = {};
      for (const [key, value] of Object.entries(data)) {
        const t = text(value);
        if (key !== 'name' && t !== undefined) details[key] = t;
      }
      const entity: SafeHavenEntity = {
        customerName,
        entityNumber: nonEmpty(data.meterNo) ?? entityNumber,
        details,
      };
      return { ok: true, info: entity };
    },

    async pay(kind: SafeHavenPayKind, request: SafeHavenPayRequest): Promise<PurchaseOutcome> {
      assertKobo(request.amountKobo);
      // No reference of ours: none is documented, and Safe Haven names the order by its own
      // data.id, which the outcome carries back for the requery.
      const body: JsonObject = {
        serviceCategoryId: request.serviceCategoryId,
        amount: koboToNaira(request.amountKobo),
        channel: 'WEB',
        debitAccountNumber,
      };
      if (request.phoneNumber !== undefined) body.phoneNumber = request.phoneNumber;
      if (request.bundleCode !== undefined) body.bundleCode = request.bundleCode;
      if (request.cardNumber !== undefined) body.cardNumber = request.cardNumber;
      if (request.meterNumber !== undefined) body.meterNumber = request.meterNumber;
      if (request.vendType !== undefined) body.vendType = request.vendType;
      if (options.statusUrl && STATUS_URL_KINDS.has(kind)) body.statusUrl = options.statusUrl;
      const reply = await transport.call('POST', `vas/pay/${kind}`, body);
      if (reply.kind === 'no-token') {
        // The pay call was never sent, so Safe Haven cannot have charged us.
        return failed(
          'Safe Haven pay not sent',
          reply.description,
          { error: reply.description },
          {
            alert: 'Safe Haven: no access token (check the OAuth client and key)',
          },
        );
      }
      return payOutcome(reply);
    },

    async requery({ reference, providerReference }: RequeryRef): Promise<PurchaseOutcome> {
      if (!providerReference) {
        // The pay reply (the only carrier of Safe Haven's id) was lost, and Safe Haven documents
        // no lookup by anything we sent: only an admin can settle this order.
        return pending(
          `Safe Haven requery: no Safe Haven transaction id for ${reference} (pay reply lost); ` +
            'no documented lookup by our data, an admin must decide',
          { reference },
          undefined,
          { noLookup: true },
        );
      }
      const reply = await transport.call(
        'GET',
        `vas/transaction/${encodeURIComponent(providerReference)}`,
      );
      if (reply.kind === 'no-token') {
        return pending(
          `Safe Haven requery: ${reply.description}`,
          { error: reply.description },
          providerReference,
        );
      }
      return transactionOutcome(reply, providerReference);
    },

    async categories(service): Promise<SafeHavenServiceCategory[]> {
      const services = await transport.read('vas/services');
      const match = Array.isArray(services)
        ? services.find((s) => isObject(s) && nonEmpty(s.identifier)?.toUpperCase() === service)
        : undefined;
      const serviceId = isObject(match) ? nonEmpty(match._id) : undefined;
      if (!serviceId) throw new ProviderError('safehaven', `no VAS service ${service}`);
      const data = await transport.read(
        `vas/service/${encodeURIComponent(serviceId)}/service-categories`,
      );
      if (!Array.isArray(data)) throw new ProviderError('safehaven', 'categories are not a list');
      const categories: SafeHavenServiceCategory[] = [];
      for (const entry of data) {
        if (!isObject(entry)) continue;
        const serviceCategoryId = nonEmpty(entry._id);
        const identifier = nonEmpty(entry.identifier);
        if (!serviceCategoryId || !identifier) continue;
        categories.push({
          serviceCategoryId,
          identifier,
          name: nonEmpty(entry.name) ?? identifier,
          description: nonEmpty(entry.description) ?? '',
          isFixedAmount: yes(entry.isFixedAmount),
        });
      }
      return categories;
    },

    async products(serviceCategoryId): Promise<SafeHavenProduct[]> {
      const data = await transport.read(
        `vas/service-category/${encodeURIComponent(serviceCategoryId)}/products`,
      );
      if (!Array.isArray(data)) throw new ProviderError('safehaven', 'products are not a list');
      const products: SafeHavenProduct[] = [];
      for (const entry of data) {
        if (!isObject(entry)) continue;
        const bundleCode = nonEmpty(entry.bundleCode);
        if (!bundleCode) continue;
        const amountKobo = nairaToKobo(entry.amount);
        const isAmountFixed = yes(entry.isAmountFixed);
        // A fixed-price product we cannot price exactly is left out rather than sold at a guess.
        if (isAmountFixed && amountKobo === null) continue;
        products.push({
          bundleCode,
          name: nonEmpty(entry.name) ?? bundleCode,
          amountKobo,
          duration: nonEmpty(entry.duration) ?? '',
          isAmountFixed,
        });
      }
      return products;
    },

    async balance(): Promise<SafeHavenBalance> {
      // Main accounts only (isSubAccount=false); 100 is the documented page maximum.
      const data = await transport.read('accounts?page=0&limit=100&isSubAccount=false');
      const account = Array.isArray(data)
        ? data.find((a) => isObject(a) && nonEmpty(a.accountNumber) === debitAccountNumber)
        : undefined;
      if (!isObject(account)) {
        throw new ProviderError('safehaven', `debit account ${debitAccountNumber} not listed`);
      }
      return {
        accountNumber: debitAccountNumber,
        balanceKobo: nairaToKobo(account.accountBalance),
        raw: account,
      };
    },
  };
}
