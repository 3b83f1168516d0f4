import { z } from 'zod';
import type { ApiRoute } from '../../../../apps/api/src/app';

/** What the fuzzer knows about one route: the request parts it reads and how. */
export interface RouteInputs extends RouteHints {
  /** The zod schema the route declared for its JSON body (and passes to parse()). */
  body?: z.core.$ZodType;
  query?: z.core.$ZodType;
  /** The schema the route declared for its path parameters. */
  params?: z.core.$ZodType;
}

/** What a route's declared schemas cannot say: how it reads its request beyond them. */
export interface RouteHints {
  /**
   * Path parameters the route hands to its service as given (no schema), with the value of a
   * well-formed request ('uuid': an id that names nothing). Whatever the fuzzer puts there must be
   * answered without a 5xx.
   */
  looseParams?: Record<string, string>;
  /** A multipart upload; the name of the file field it reads. */
  upload?: 'image' | 'screenshot';
  /** Reads the Idempotency-Key header before the body (money routes): a bad key is refused. */
  idempotent?: true;
  /** The webhook: reads the raw text and checks a signature over it. */
  rawBody?: true;
  /**
   * A route that reads nothing from the request yet writes when called (the reason is the
   * value): its requests are judged one by one (phase B), not in the no-change phase.
   */
  writesWithoutInput?: string;
  /** Each request needs a session of its own (the route ends the session it is called with). */
  ownSession?: true;
  /**
   * Why a request this route accepts must never be sent: only refused ones are (the fuzzer drops
   * the rest instead of judging them one by one).
   */
  neverAccepted?: string;
  /** An accepted request's reply never ends (why is the value): judged by its status alone. */
  endless?: string;
}

/**
 * The hand-written part of the fuzzer: only what a route's schemas cannot say. The body, query
 * and path schemas come from the route table (each route's `schema:`, the same zod schemas its
 * handler passes to parse(), also in /api/openapi.json). fuzz.test.ts fails when a route that
 * must read something declares no schema for it and has no hint here, so a new route cannot
 * escape.
 */
export const ROUTE_HINTS: Record<string, RouteHints> = {
  // Its id is read through the params schema; a malformed or unknown id is 404.
  'DELETE /api/beneficiaries/:id': {
    writesWithoutInput: "removes the caller's own beneficiary its id names",
  },
  'DELETE /api/developer/keys/:id': {
    writesWithoutInput: "revokes the caller's own API key its id names",
  },

  // Its id is read through the params schema; an unknown id is 404, another's too (decision 0089).
  'POST /api/developer/webhooks/:id/replay': {
    writesWithoutInput: "queues the caller's own webhook delivery its id names to be sent again",
  },

  'POST /api/auth/logout': {
    writesWithoutInput: 'ends the session it is called with',
    ownSession: true,
  },
  'POST /api/auth/exchange-token': {
    writesWithoutInput: 'ends the session it is called with and opens a fresh one (a ?token= link)',
    ownSession: true,
  },

  'POST /api/user/upload-profile-picture': { upload: 'image' },
  'POST /api/user/set-transaction-pin': {
    neverAccepted: 'an accepted body changes the PIN every other request is signed with',
  },
  'POST /api/user/request-pin-otp': { writesWithoutInput: 'mails a PIN code (an OTP row)' },
  'POST /api/user/change-password': {
    neverAccepted: 'an accepted body changes the password and ends the other sessions',
  },
  // Its id is read through the params schema; the current session or another's id is 404.
  'DELETE /api/user/sessions/:id': {
    writesWithoutInput: "ends another of the caller's own sessions that its id names",
  },
  'POST /api/user/sessions/sign-out-others': {
    writesWithoutInput: "ends the caller's other sessions",
  },

  'GET /api/transactions/data-plans/:supplier': { looseParams: { supplier: 'ogdams' } },

  'POST /api/transactions/airtime': { idempotent: true },
  'POST /api/transactions/data': { idempotent: true },
  'POST /api/transactions/data/:supplier': {
    looseParams: { supplier: 'ogdams' },
    idempotent: true,
  },
  'POST /api/transactions/cable-tv': { idempotent: true },
  'POST /api/transactions/utility': { idempotent: true },
  'POST /api/vtpass/data': { idempotent: true },
  'POST /api/vtpass/airtime': { idempotent: true },
  'POST /api/vtpass/tv-plans': { idempotent: true },
  'POST /api/vtpass/utility': { idempotent: true },

  'POST /api/transfers': { idempotent: true },
  // Operator adjustments take the same header (decision 0028).
  // Its id is read through the params schema; an id that names no open alert is 404.
  'POST /api/admin/alerts/incidents/:id/acknowledge': {
    writesWithoutInput: 'acknowledges the open alert its id names (an audit entry)',
  },
  'POST /api/admin/users/:id/credit': { idempotent: true },
  'POST /api/admin/users/:id/debit': { idempotent: true },

  'POST /api/biller/betting': { idempotent: true },

  'POST /api/services/pay/airtime': { idempotent: true },
  'POST /api/services/pay/data': { idempotent: true },
  'POST /api/services/pay/cable-tv': { idempotent: true },
  'POST /api/services/pay/utility': { idempotent: true },

  'POST /api/airtime-swap/:swapId/upload': { upload: 'screenshot' },
  'GET /api/airtime-swap/pending/clear': {
    writesWithoutInput: "cancels the caller's unfinished swap",
  },

  'GET /api/notifications/stream': { endless: 'the live pulse, pushed until the app leaves' },

  'GET /api/files/:id': { looseParams: { id: 'uuid' } },
  'GET /api/deposit/:id/status': { looseParams: { id: 'uuid' } },
  'GET /api/deposit/session/:sdkSessionId': { looseParams: { sdkSessionId: 'uuid' } },
  'GET /api/account/virtual/account/:id': { looseParams: { id: 'uuid' } },
  'GET /api/account/virtual/:id': { looseParams: { id: 'uuid' } },
  'GET /api/account/:id': { looseParams: { id: 'uuid' } },

  'POST /api/sandbox/deposits/:id/pay': { looseParams: { id: 'uuid' } },

  'GET /api/admin/products/update-data': {
    writesWithoutInput: "refreshes DataStation's plans (and writes the audit log)",
  },
  'GET /api/admin/products/update-ogdams': {
    writesWithoutInput: "refreshes Ogdams's plans (and writes the audit log)",
  },
  'GET /api/admin/products/vtpass/data-plans': {
    writesWithoutInput: "refreshes VTpass's data plans (and writes the audit log)",
  },
  'GET /api/admin/products/tv-plans/update': {
    writesWithoutInput: "refreshes VTpass's TV plans (and writes the audit log)",
  },

  'POST /api/admin/system/emergency-shutdown': {
    neverAccepted: 'an accepted body shuts services down (they then answer 503 by design)',
  },

  'POST /api/webhooks/palmpay': { rawBody: true },
  'POST /api/webhooks/ogdams': { rawBody: true },
  'POST /api/webhooks/vtpass': { rawBody: true },
};

// zod's core type: the shared schemas are zod/mini, which classic's z.ZodType does not recognise.
const zodOrNone = (part: unknown) => (part instanceof z.core.$ZodType ? part : undefined);

/** A route's inputs: its declared schemas from the route table, and its hints. */
export function routeInputs(route: ApiRoute): RouteInputs {
  const schema = route.schema ?? {};
  return {
    ...ROUTE_HINTS[`${route.method} ${route.url}`],
    body: zodOrNone(schema.body),
    query: zodOrNone(schema.querystring),
    params: zodOrNone(schema.params),
  };
}
