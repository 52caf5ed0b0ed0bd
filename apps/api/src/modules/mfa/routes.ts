import {
  AuthResponseSchema,
  MfaConfirmRequestSchema,
  MfaConfirmResponseSchema,
  MfaDisableRequestSchema,
  MfaLoginRequestSchema,
  MfaSetupMailedResponseSchema,
  MfaSetupRequestSchema,
  MfaSetupResponseSchema,
  MfaStatusSchema,
} from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { enterSignInScope } from '../../lib/request-context.js';
import { requireUser } from '../../plugins/authenticate.js';
import { setup } from './enrolment.js';
import * as mfa from './service.js';

export function mfaRoutes(deps: mfa.MfaDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  return async (app) => {
    // The second half of a login comes before sign-in; the secured routes narrow it again.
    app.addHook('onRequest', enterSignInScope);
    const secured = { onRequest: deps.authenticate };
    const security = [{ bearerAuth: [] }];

    app.post(
      '/v1/auth/mfa',
      {
        schema: {
          tags: ['auth'],
          summary: 'Second half of a login: the mfaToken from the login and a TOTP or recovery code',
          body: MfaLoginRequestSchema,
          response: { 200: AuthResponseSchema },
        },
      },
      async (request) => mfa.completeLogin(deps, request.body, request.ip),
    );

    app.get(
      '/v1/user/mfa',
      {
        ...secured,
        schema: {
          tags: ['auth'],
          summary: 'Second factor: on, required, grace period',
          security,
          response: { 200: MfaStatusSchema },
        },
      },
      async (request) => mfa.status(deps, requireUser(request).id),
    );

    app.post(
      '/v1/user/mfa/setup',
      {
        ...secured,
        schema: {
          tags: ['auth'],
          summary:
            'Start enrolment: the password and the code mailed to the account (without it: 202, the code is mailed); answers secret, otpauth URI and QR code',
          security,
          body: MfaSetupRequestSchema,
          response: { 200: MfaSetupResponseSchema, 202: MfaSetupMailedResponseSchema },
        },
      },
      async (request, reply) => {
        const answer = await setup(deps, requireUser(request).id, request.body);
        return reply.code('mailCodeSent' in answer ? 202 : 200).send(answer);
      },
    );

    app.post(
      '/v1/user/mfa/confirm',
      {
        ...secured,
        schema: {
          tags: ['auth'],
          summary: 'Finish enrolment with the first code; answers ten one-time recovery codes',
          security,
          body: MfaConfirmRequestSchema,
          response: { 200: MfaConfirmResponseSchema },
        },
      },
      async (request) => mfa.confirm(deps, requireUser(request).id, request.body.code, request.id),
    );

    app.delete(
      '/v1/user/mfa',
      {
        ...secured,
        schema: {
          tags: ['auth'],
          summary: 'Switch the second factor off (employees; needs the password and a code)',
          security,
          body: MfaDisableRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await mfa.disable(deps, requireUser(request).id, request.body, request.id);
        return reply.code(204).send(null);
      },
    );
  };
}
