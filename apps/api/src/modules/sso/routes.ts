import cookie from '@fastify/cookie';
import {
  LoginResponseSchema,
  SsoExchangeRequestSchema,
  SsoStartQuerySchema,
  TenantSsoConfigSchema,
  TenantSsoUpdateRequestSchema,
} from '@leasing/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { AppError } from '../../lib/errors.js';
import { enterSignInScope } from '../../lib/request-context.js';
import { requireRole } from '../../plugins/authenticate.js';
import { deviceCookieName, deviceCookieOptions } from '../auth/index.js';
import { ssoCookieName, ssoCookieOptions, SSO_COOKIE_PATH } from './browser-cookie.js';
import { completeCallback } from './callback.js';
import { readTenantSso, saveTenantSso } from './config.js';
import type { SsoDeps } from './deps.js';
import { exchangeCode } from './exchange.js';
import { IssuerClients } from './issuer.js';
import { startSignIn, type SignInRedirect } from './start.js';

const security = [{ bearerAuth: [] }];

/** HR of an employer, signed in as a person (an API key's scopes open none of these routes either). */
function tenantAdmin(request: FastifyRequest): { id: string; tenantId: string } {
  const user = requireRole(request, 'TENANT_ADMIN');
  if (!user.tenantId || user.apiKey) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return { id: user.id, tenantId: user.tenantId };
}

/** The company sign-in (ADR 0061): HR's configuration, and the sign-in's start, callback and exchange. */
export function ssoRoutes(deps: SsoDeps & { authenticate: onRequestAsyncHookHandler }): FastifyPluginAsyncZod {
  // One per app: each instance keeps the providers it discovered (keyed by the stored configuration).
  const clients = new IssuerClients(deps);
  return async (app) => {
    const tenantRoutes: FastifyPluginAsyncZod = async (zod) => {
      zod.addHook('onRequest', deps.authenticate);
      zod.get(
        '/v1/tenant/sso',
        {
          schema: {
            tags: ['tenant'],
            summary: "The employer's sign-in with the company account (never the client secret)",
            security,
            response: { 200: TenantSsoConfigSchema },
          },
        },
        async (request) => readTenantSso(deps, tenantAdmin(request)),
      );
      zod.put(
        '/v1/tenant/sso',
        {
          schema: {
            tags: ['tenant'],
            summary:
              'Save the sign-in with the company account: checked by discovery at the issuer (422), a domain of another employer 409; without clientSecret the stored one stays',
            security,
            body: TenantSsoUpdateRequestSchema,
            response: { 200: TenantSsoConfigSchema },
          },
          // HR only, before the body is even looked at.
          onRequest: async (request) => {
            tenantAdmin(request);
          },
        },
        async (request) => saveTenantSso(deps, tenantAdmin(request), request.body, { requestId: String(request.id) }),
      );
    };

    const signInRoutes: FastifyPluginAsyncZod = async (zod) => {
      // The browser binding's cookie is read and written by these routes alone.
      await zod.register(cookie);
      // JSON only for the exchange: another site's form or text/plain post is refused (400), as at login.
      zod.removeContentTypeParser('text/plain');
      zod.addHook('onRequest', enterSignInScope);
      const secureOf = (request: FastifyRequest) =>
        deps.production || deps.secureCookies || request.protocol === 'https';

      /** A refusal is logged for the operators with its reason and detail (never a token or an address). */
      const answer = (request: FastifyRequest, reply: FastifyReply, redirect: SignInRedirect) => {
        const secure = secureOf(request);
        if (redirect.kind === 'provider') {
          void reply.setCookie(ssoCookieName(secure), redirect.browserToken, ssoCookieOptions(secure));
        } else if (redirect.reason) {
          request.log.warn({ sso: { reason: redirect.reason, detail: redirect.detail } }, 'company sign-in refused');
          deps.events.emit('auth.login_failed', { ip: request.ip, target: `sso:${redirect.reason}` });
          void reply.clearCookie(ssoCookieName(secure), { path: SSO_COOKIE_PATH });
        }
        return reply.redirect(redirect.location, 302);
      };

      zod.get(
        '/v1/auth/sso/start',
        {
          schema: {
            tags: ['auth'],
            summary:
              "Sign in with the company account: the work address's domain picks the employer; 302 to its identity provider, or to /login/sso?error=<reason>",
            querystring: SsoStartQuerySchema,
          },
        },
        async (request, reply) =>
          answer(request, reply, await startSignIn(deps, clients, request.query.email, request.ip)),
      );

      zod.get(
        '/v1/auth/sso/callback',
        {
          schema: {
            tags: ['auth'],
            summary:
              "The identity provider's answer (registered there as the redirect URI): 302 to /login/sso?code=<one-time code> or ?error=<reason>",
            querystring: z.looseObject({
              code: z.string().optional(),
              state: z.string().optional(),
              iss: z.string().optional(),
              error: z.string().optional(),
            }),
          },
        },
        async (request, reply) => {
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
          const browser = request.cookies[ssoCookieName(secureOf(request))];
          return answer(request, reply, await completeCallback(deps, clients, query, browser, String(request.id)));
        },
      );

      zod.post(
        '/v1/auth/sso/exchange',
        {
          schema: {
            tags: ['auth'],
            summary: "The callback's one-time code for the answer of a login (tokens, or the second factor's mfaToken)",
            body: SsoExchangeRequestSchema,
            response: { 200: LoginResponseSchema },
          },
        },
        async (request, reply) => {
          const secure = secureOf(request);
          const browser = request.cookies[ssoCookieName(secure)];
          const outcome = await exchangeCode(deps, request.body.code, browser, request.ip);
          void reply.setCookie(deviceCookieName(secure), outcome.deviceToken, deviceCookieOptions(secure));
          void reply.clearCookie(ssoCookieName(secure), { path: SSO_COOKIE_PATH });
          return outcome.response;
        },
      );
    };

    await app.register(tenantRoutes);
    await app.register(signInRoutes);
  };
}
