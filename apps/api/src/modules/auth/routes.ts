import {
  checkResetCodeSchema,
  completeSignupSchema,
  googleLoginSchema,
  loginSchema,
  requestOtpSchema,
  requestPasswordResetSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from '@owo/shared/schemas/auth';
import { authReplySchema, verifyOtpReplySchema } from '@owo/shared/replies/account';
import { messageReplySchema } from '@owo/shared/replies/common';
import { authOf, clientMeta } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { rateLimited } from '../openapi/error-replies';
import type { Api } from '../../lib/route-validation';

export function authRoutes(app: Api, { auth, guards }: Services) {
  app.post(
    '/auth/request-otp',
    { schema: { body: requestOtpSchema, response: { 200: messageReplySchema, ...rateLimited } } },
    async (request) => {
      const { email } = request.body;
      return auth.requestOtp(email, clientMeta(request));
    },
  );

  // The spec leaves the resend path open; ours mirrors request-otp (docs/decisions/0004).
  app.post(
    '/auth/resend-otp',
    { schema: { body: resendOtpSchema, response: { 200: messageReplySchema, ...rateLimited } } },
    async (request) => {
      const { email } = request.body;
      return auth.requestOtp(email, clientMeta(request));
    },
  );

  app.post(
    '/auth/verify-otp',
    { schema: { body: verifyOtpSchema, response: { 200: verifyOtpReplySchema, ...rateLimited } } },
    async (request) => {
      const { email, otp } = request.body;
      return auth.verifyOtp(email, otp, clientMeta(request));
    },
  );

  app.post(
    '/auth/complete-signup',
    { schema: { response: { 200: authReplySchema }, body: completeSignupSchema } },
    async (request) => {
      return auth.completeSignup(request.body, clientMeta(request));
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginSchema, response: { 200: authReplySchema, ...rateLimited } } },
    async (request) => {
      const { email, password } = request.body;
      return auth.login(email, password, clientMeta(request));
    },
  );

  app.post(
    '/auth/google',
    { schema: { response: { 200: authReplySchema }, body: googleLoginSchema } },
    async (request) => {
      const { idToken } = request.body;
      return auth.google(idToken, clientMeta(request));
    },
  );

  // The spec's "token found in the query string": the link's token is the bearer, used up here.
  app.post(
    '/auth/exchange-token',
    { onRequest: guards.requireUser, schema: { response: { 200: authReplySchema } } },
    async (request) => {
      return auth.exchangeLinkToken(authOf(request).sessionId, clientMeta(request));
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: guards.requireUser, schema: { response: { 200: messageReplySchema } } },
    async (request) => {
      return auth.logout(authOf(request).sessionId);
    },
  );

  app.post(
    '/user/request-password-reset',
    {
      schema: {
        body: requestPasswordResetSchema,
        response: { 200: messageReplySchema, ...rateLimited },
      },
    },
    async (request) => {
      const { email } = request.body;
      return auth.requestPasswordReset(email, clientMeta(request));
    },
  );

  // Not in the spec: the code screen checks the code without using it up (decision 0059).
  app.post(
    '/user/check-reset-code',
    {
      schema: { body: checkResetCodeSchema, response: { 200: messageReplySchema, ...rateLimited } },
    },
    async (request) => {
      const { email, otp } = request.body;
      return auth.checkResetCode(email, otp, clientMeta(request));
    },
  );

  app.post(
    '/user/reset-password',
    {
      schema: { body: resetPasswordSchema, response: { 200: messageReplySchema, ...rateLimited } },
    },
    async (request) => {
      const { email, otp, password } = request.body;
      return auth.resetPassword(email, otp, password, clientMeta(request));
    },
  );
}
