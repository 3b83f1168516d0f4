import type { FastifyInstance } from 'fastify';
import {
  completeSignupSchema,
  googleLoginSchema,
  loginSchema,
  requestOtpSchema,
  requestPasswordResetSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from '@owo/shared/schemas/auth';
import { parse } from '../../lib/validate';
import { authOf, clientMeta } from '../../plugins/authenticate';
import type { Services } from '../../services';

export function authRoutes(app: FastifyInstance, { auth, guards }: Services) {
  app.post('/auth/request-otp', { schema: { body: requestOtpSchema } }, async (request) => {
    const { email } = parse(requestOtpSchema, request.body);
    return auth.requestOtp(email, clientMeta(request));
  });

  // The spec leaves the resend path open; ours mirrors request-otp (docs/decisions/0004).
  app.post('/auth/resend-otp', { schema: { body: resendOtpSchema } }, async (request) => {
    const { email } = parse(resendOtpSchema, request.body);
    return auth.requestOtp(email, clientMeta(request));
  });

  app.post('/auth/verify-otp', { schema: { body: verifyOtpSchema } }, async (request) => {
    const { email, otp } = parse(verifyOtpSchema, request.body);
    return auth.verifyOtp(email, otp, clientMeta(request));
  });

  app.post('/auth/complete-signup', { schema: { body: completeSignupSchema } }, async (request) => {
    return auth.completeSignup(parse(completeSignupSchema, request.body), clientMeta(request));
  });

  app.post('/auth/login', { schema: { body: loginSchema } }, async (request) => {
    const { email, password } = parse(loginSchema, request.body);
    return auth.login(email, password, clientMeta(request));
  });

  app.post('/auth/google', { schema: { body: googleLoginSchema } }, async (request) => {
    const { idToken } = parse(googleLoginSchema, request.body);
    return auth.google(idToken, clientMeta(request));
  });

  app.post('/auth/logout', { onRequest: guards.requireUser }, async (request) => {
    return auth.logout(authOf(request).sessionId);
  });

  app.post(
    '/user/request-password-reset',
    { schema: { body: requestPasswordResetSchema } },
    async (request) => {
      const { email } = parse(requestPasswordResetSchema, request.body);
      return auth.requestPasswordReset(email, clientMeta(request));
    },
  );

  app.post('/user/reset-password', { schema: { body: resetPasswordSchema } }, async (request) => {
    const { email, otp, password } = parse(resetPasswordSchema, request.body);
    return auth.resetPassword(email, otp, password, clientMeta(request));
  });
}
