import {
  UserInfoConfigSchema,
  UserInfoResponseSchema,
  UserInfoSaveResponseSchema,
  UserInfoUpdateSchema,
} from '@leasing/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { requireUser } from '../../plugins/authenticate.js';
import * as profile from './service.js';

export function profileRoutes(
  deps: profile.ProfileDeps & { authenticate: onRequestAsyncHookHandler },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.authenticate);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get(
      '/v1/user/info',
      {
        schema: {
          tags: ['profile'],
          summary: 'Address and salary profile of the signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: UserInfoResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return profile.getUserInfo(deps, user);
      },
    );

    app.put(
      '/v1/user/info',
      {
        schema: {
          tags: ['profile'],
          summary: 'Save address and salary profile (every rule of spec 5; refused saves store nothing)',
          security: [{ bearerAuth: [] }],
          // The service checks again with the configured commuting-day bounds.
          body: UserInfoUpdateSchema,
          response: { 200: UserInfoSaveResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await profile.saveUserInfo(deps, user, request.body, request.id);
        return { saved: true };
      },
    );

    app.get(
      '/v1/user/user-info-config',
      {
        schema: {
          tags: ['profile'],
          summary: 'Bounds of the commuting-days field',
          security: [{ bearerAuth: [] }],
          response: { 200: UserInfoConfigSchema },
        },
      },
      async () => profile.userInfoConfig(deps),
    );
  };
}
