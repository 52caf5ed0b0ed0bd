import cookie from '@fastify/cookie';
import { AuthResponseSchema, LoginRequestSchema, LoginResponseSchema, RefreshRequestSchema } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { enterSignInScope } from '../../lib/request-context.js';
import { deviceCookieName, deviceCookieOptions } from './device-cookie.js';
import * as auth from './service.js';

/** `secureCookies`: the public address is HTTPS (a TLS proxy in front), so cookies are Secure. */
export function authRoutes(deps: auth.AuthDeps & { secureCookies: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    // Cookies are read and written by these routes alone (the device cookie of the password step).
    await app.register(cookie);
    // JSON only: another site's form or `text/plain` post (what a browser sends cross-site without
    // asking us first) is refused (400) before any password is looked at (decision 0026).
    app.removeContentTypeParser('text/plain');
    app.addHook('onRequest', enterSignInScope);
    // Auth answers carry tokens: never cached by browsers or proxies.
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.post(
      '/v1/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with e-mail and password',
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema },
        },
      },
      async (request, reply) => {
        const secure = deps.secureCookies || request.protocol === 'https';
        const name = deviceCookieName(secure);
        const outcome = await auth.login(deps, request.body, request.ip, request.cookies[name]);
        if (outcome.deviceToken) void reply.setCookie(name, outcome.deviceToken, deviceCookieOptions(secure));
        return outcome.response;
      },
    );

    app.post(
      '/v1/auth/refreshToken',
      {
        schema: {
          tags: ['auth'],
          summary: 'Rotate the refresh token and get a new access token',
          body: RefreshRequestSchema,
          response: { 200: AuthResponseSchema, 401: AuthResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await auth.refresh(deps, request.body.refreshToken, request.ip);
        return reply.code(result.authenticated ? 200 : 401).send(result);
      },
    );

    app.post(
      '/v1/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the session (revokes the refresh token family)',
          body: RefreshRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await auth.logout(deps, request.body.refreshToken);
        // The browser may hold revalidatable personal answers (search, vehicle): drop them with the session.
        return reply.code(204).header('clear-site-data', '"cache"').send(null);
      },
    );
  };
}
