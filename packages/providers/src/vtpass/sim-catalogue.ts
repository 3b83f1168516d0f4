/**
 * VTpass's catalogue calls in the simulator: `GET service-categories` (the category identifiers)
 * and `GET services?identifier=` (the serviceIDs of a category), in the shapes of the fixtures
 * (SOURCES.md: the public SDK's IServiceCategory / IService types).
 */
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import type { JsonObject } from '../wire';
import { VTPASS_SERVICES, type VtpassProductKind } from './catalogue';
import categories from './fixtures/service-categories.json';
import services from './fixtures/services.json';

/** VTpass's category identifier for each kind we sell. */
const IDENTIFIERS: Record<string, VtpassProductKind> = {
  airtime: 'airtime',
  data: 'data',
  'tv-subscription': 'tv',
  'electricity-bill': 'electricity',
};

export function categoriesReply(): JsonObject {
  return structuredClone(categories) as JsonObject;
}

/** The services of a category; an identifier VTpass does not have lists none. */
export function servicesReplyFor(identifier: string): JsonObject {
  const kind = IDENTIFIERS[identifier];
  const reply = structuredClone(services) as JsonObject & { content: JsonObject[] };
  const template = reply.content[0]!;
  reply.content = [...VTPASS_SERVICES.values()]
    .filter((service) => service.kind === kind)
    .map((service) => {
      const [min, max] =
        kind === 'airtime'
          ? [AIRTIME_MIN_NAIRA, AIRTIME_MAX_NAIRA]
          : kind === 'electricity'
            ? [ELECTRICITY_MIN_NAIRA, ELECTRICITY_MAX_NAIRA]
            : [0, 0];
      return {
        ...template,
        serviceID: service.serviceID,
        name: service.name,
        minimium_amount: String(min),
        maximum_amount: max,
        convinience_fee: kind === 'electricity' ? 'N0.00' : '0 %',
        product_type: service.variations.some((v) => v.fixedPrice) ? 'fix' : 'flexible',
      };
    });
  return reply;
}
