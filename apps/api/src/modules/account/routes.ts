import {
  AcceptedResponseSchema,
  CodeParamsSchema,
  EmailChangeRequestSchema,
  InviteRequestSchema,
  PasswordResetMailParamsSchema,
  PasswordResetRequestSchema,
  PasswordSetResponseSchema,
  RegisterCodeParamsSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
} from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { consume, INVITE_LIMIT } from '../../lib/rate-limiter.js';
import { enterSignInScope } from '../../lib/request-context.js';
import { requireRole, requireUser } from '../../plugins/authenticate.js';
import * as account from './service.js';

const ctxOf = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });

export function accountRoutes(
  deps: account.AccountDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Register, confirm and reset come before sign-in; the routes that authenticate narrow it again.
    app.addHook('onRequest', enterSignInScope);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.post(
      '/v1/auth/register/:registerCode',
      {
        schema: {
          tags: ['account'],
          summary: "Register with the employer's code; the address must be confirmed before login",
          params: RegisterCodeParamsSchema,
          body: RegisterRequestSchema,
          response: { 202: RegisterResponseSchema },
        },
      },
      async (request, reply) => {
        await account.register(deps, request.params.registerCode, request.body, ctxOf(request));
        return reply.code(202).send({ authenticated: false, emailConfirmationRequired: true });
      },
    );

    app.post(
      '/v1/confirm/email/code/:code',
      {
        schema: {
          tags: ['account'],
          summary: 'Confirm an e-mail address (registration or change)',
          params: CodeParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await account.confirmEmail(deps, request.params.code, ctxOf(request));
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/v1/confirm/password/reset/mail/:emailAddress',
      {
        schema: {
          tags: ['account'],
          summary: 'Request a password reset link (always the same answer)',
          params: PasswordResetMailParamsSchema,
          response: { 202: AcceptedResponseSchema },
        },
      },
      async (request, reply) => {
        await account.requestPasswordReset(deps, request.params.emailAddress, ctxOf(request));
        return reply.code(202).send({ accepted: true });
      },
    );

    app.put(
      '/v1/confirm/password/reset',
      {
        schema: {
          tags: ['account'],
          summary:
            'Set a new password with a reset, invite or welcome code; an admin without a second factor also gets the code for its enrolment',
          body: PasswordResetRequestSchema,
          response: { 200: PasswordSetResponseSchema },
        },
      },
      async (request) => account.resetPassword(deps, request.body, ctxOf(request)),
    );

    app.put(
      '/v1/user/email/:emailAddress',
      {
        onRequest: deps.authenticate,
        schema: {
          tags: ['account'],
          summary: 'Change the e-mail address (needs the current password); the new address confirms by a mailed link',
          security: [{ bearerAuth: [] }],
          params: z.object({ emailAddress: z.string().max(254) }),
          body: EmailChangeRequestSchema,
          response: { 202: AcceptedResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await account.requestEmailChange(
          deps,
          user.id,
          request.params.emailAddress,
          request.body.password,
          ctxOf(request),
        );
        return reply.code(202).send({ accepted: true });
      },
    );

    app.post(
      '/v1/admin/invites',
      {
        onRequest: deps.authenticate,
        schema: {
          tags: ['admin'],
          summary: "The employer's tenant admin invites an employee by e-mail",
          security: [{ bearerAuth: [] }],
          body: InviteRequestSchema,
          response: { 202: AcceptedResponseSchema },
        },
      },
      async (request, reply) => {
        const admin = requireRole(request, 'TENANT_ADMIN');
        await consume(deps.limiter, `invite:user:${admin.id}`, INVITE_LIMIT);
        await account.createInvite(deps, admin, request.body, ctxOf(request));
        return reply.code(202).send({ accepted: true });
      },
    );
  };
}
