import { checkPinOtpSchema, setPinSchema, validatePinSchema } from '@owo/shared/schemas/user';
import { authOf, clientMeta } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import type { Api } from '../../lib/route-validation';
import { messageReplySchema } from '@owo/shared/replies/common';
import { setPinReplySchema } from '@owo/shared/replies/pin';

export function pinRoutes(app: Api, { pin, guards }: Services) {
  app.post(
    '/user/set-transaction-pin',
    {
      onRequest: guards.requireUser,
      schema: { body: setPinSchema, response: { 200: setPinReplySchema, ...rateLimited } },
    },
    async (request) => {
      return pin.setPin(authOf(request).user.id, request.body, clientMeta(request));
    },
  );

  app.post(
    '/user/validate-pin',
    {
      onRequest: guards.requireUser,
      schema: { response: { 200: messageReplySchema }, body: validatePinSchema },
    },
    async (request) => {
      const { transactionPin } = request.body;
      return pin.validate(authOf(request).user.id, transactionPin);
    },
  );

  // Not in the spec: the code checked on its own step, not used up (decision 0058).
  app.post(
    '/user/check-pin-otp',
    {
      onRequest: guards.requireUser,
      schema: { body: checkPinOtpSchema, response: { 200: messageReplySchema, ...rateLimited } },
    },
    async (request) => {
      const { otp } = request.body;
      return pin.checkPinOtp(authOf(request).user.id, otp, clientMeta(request));
    },
  );

  // Sends a code for changing a forgotten PIN (docs/decisions/0004).
  app.post(
    '/user/request-pin-otp',
    {
      onRequest: guards.requireUser,
      schema: { response: { 200: messageReplySchema, ...rateLimited } },
    },
    async (request) => {
      return pin.requestPinOtp(authOf(request).user.id, clientMeta(request));
    },
  );
}
