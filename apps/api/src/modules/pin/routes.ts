import type { FastifyInstance } from 'fastify';
import { setPinSchema, validatePinSchema } from '@owo/shared/schemas/user';
import { parse } from '../../lib/validate';
import { authOf, clientMeta } from '../../plugins/authenticate';
import type { Services } from '../../services';

export function pinRoutes(app: FastifyInstance, { pin, guards }: Services) {
  app.post(
    '/user/set-transaction-pin',
    { onRequest: guards.requireUser, schema: { body: setPinSchema } },
    async (request) => {
      return pin.setPin(
        authOf(request).user.id,
        parse(setPinSchema, request.body),
        clientMeta(request),
      );
    },
  );

  app.post(
    '/user/validate-pin',
    { onRequest: guards.requireUser, schema: { body: validatePinSchema } },
    async (request) => {
      const { transactionPin } = parse(validatePinSchema, request.body);
      return pin.validate(authOf(request).user.id, transactionPin);
    },
  );

  // Sends a code for changing a forgotten PIN (docs/decisions/0004).
  app.post('/user/request-pin-otp', { onRequest: guards.requireUser }, async (request) => {
    return pin.requestPinOtp(authOf(request).user.id, clientMeta(request));
  });
}
