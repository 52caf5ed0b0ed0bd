import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { isDatabaseUnavailable } from '../../lib/database-unavailable.js';
import { loggableError } from '../../lib/loggable-error.js';
import { currentRequestContext } from '../../lib/request-context.js';
import type { ScimCaller, ScimCtx, ScimDeps } from './deps.js';
import { notFound, ScimError, scimErrorBody, toScimError, unauthorized } from './errors.js';
import { resourceTypes, schemaResources, schemas, serviceProviderConfig, userResourceType } from './discovery.js';
import { authenticateScimToken, scimUrlOf } from './tokens.js';
import { createUser, deleteUser, listUsers, loadUser, patchUser, replaceUser, resourceOf } from './users.js';
import { SCIM_MEDIA_TYPE, type ScimUser } from './wire.js';

/** A person's body is small; an employer's directory never sends more than this in one request. */
const BODY_LIMIT = 256 * 1024;

/**
 * The SCIM 2.0 service of the employers' directories (RFC 7644), registered under `/scim/v2`. It has
 * a door of its own: only a SCIM token opens it (checked here, not by the `/v1` bearer scheme), so a
 * person's access token or an API key is a 401, and a SCIM token opens no `/v1` route (the `/v1`
 * check knows no such token). Each request then works as HR of the token's employer: the database
 * shows it that employer's rows only. Bodies and answers are `application/scim+json`, errors are the
 * standard's (§3.12) with English details.
 */
export function scimRoutes(deps: ScimDeps): FastifyPluginAsync {
  return async (app) => {
    const callers = new WeakMap<FastifyRequest, ScimCaller>();
    const baseUrl = scimUrlOf(deps.account.publicUrl);
    const callerOf = (request: FastifyRequest): ScimCaller => {
      const caller = callers.get(request);
      if (!caller) throw unauthorized();
      return caller;
    };
    const ctxOf = (request: FastifyRequest): ScimCtx => ({ requestId: String(request.id), ip: request.ip });
    const ifMatch = (request: FastifyRequest) => {
      const header = request.headers['if-match'];
      return Array.isArray(header) ? header.join(',') : header;
    };

    // Nothing but JSON: the framework's text/plain parser would hand a string to the resource checks.
    // Entra sends its bodies as application/scim+json: read as JSON is read everywhere else
    // (prototype keys refused); plain application/json keeps the framework's parser.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'application/scim+json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      app.getDefaultJsonParser('error', 'error'),
    );

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
      const caller = match?.[1]
        ? await authenticateScimToken(deps, match[1], {
            method: request.method,
            url: request.routeOptions.url ?? 'unknown',
            requestId: String(request.id),
          })
        : null;
      if (!caller) throw unauthorized();
      callers.set(request, caller);
      // From here on the database shows this request the token's employer only, as its HR would see it.
      const context = currentRequestContext();
      if (context) context.dbScope = { role: 'TENANT_ADMIN', userId: caller.actingUserId, tenantId: caller.tenantId };
    });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.setErrorHandler((error, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: loggableError(error) }, 'database unavailable');
        return sendError(
          reply,
          new ScimError(503, 'Service unavailable; retry shortly', undefined, { 'retry-after': '5' }),
        );
      }
      const scim = toScimError(error);
      if (scim.status >= 500) request.log.error({ err: loggableError(error) }, 'scim request failed');
      return sendError(reply, scim);
    });
    app.setNotFoundHandler(async (request) => {
      throw notFound(request.url.split('?')[0] ?? '');
    });

    const send = (reply: FastifyReply, body: unknown, status = 200) =>
      reply.code(status).type(SCIM_MEDIA_TYPE).send(body);
    const sendUser = (reply: FastifyReply, user: ScimUser, status = 200) =>
      send(reply.header('etag', user.meta.version), user, status);
    const hidden = { schema: { hide: true } };

    app.get('/ServiceProviderConfig', hidden, async (_request, reply) => send(reply, serviceProviderConfig(baseUrl)));
    app.get('/ResourceTypes', hidden, async (_request, reply) => send(reply, resourceTypes(baseUrl)));
    app.get<{ Params: { id: string } }>('/ResourceTypes/:id', hidden, async (request, reply) => {
      if (request.params.id !== 'User') throw notFound(request.params.id);
      return send(reply, userResourceType(baseUrl));
    });
    app.get('/Schemas', hidden, async (_request, reply) => send(reply, schemas(baseUrl)));
    app.get<{ Params: { id: string } }>('/Schemas/:id', hidden, async (request, reply) => {
      const schema = schemaResources(baseUrl).find((s) => s.id === request.params.id);
      if (!schema) throw notFound(request.params.id);
      return send(reply, schema);
    });

    app.get<{ Querystring: Record<string, unknown> }>('/Users', hidden, async (request, reply) =>
      send(reply, await listUsers(deps, callerOf(request), request.query)),
    );
    app.post('/Users', hidden, async (request, reply) => {
      const user = await createUser(deps, callerOf(request), request.body, ctxOf(request));
      return sendUser(reply.header('location', user.meta.location), user, 201);
    });
    app.get<{ Params: { id: string } }>('/Users/:id', hidden, async (request, reply) =>
      sendUser(reply, resourceOf(deps, await loadUser(deps, callerOf(request), request.params.id))),
    );
    app.put<{ Params: { id: string } }>('/Users/:id', hidden, async (request, reply) =>
      sendUser(
        reply,
        await replaceUser(deps, callerOf(request), request.params.id, request.body, ctxOf(request), ifMatch(request)),
      ),
    );
    app.patch<{ Params: { id: string } }>('/Users/:id', hidden, async (request, reply) =>
      sendUser(
        reply,
        await patchUser(deps, callerOf(request), request.params.id, request.body, ctxOf(request), ifMatch(request)),
      ),
    );
    app.delete<{ Params: { id: string } }>('/Users/:id', hidden, async (request, reply) => {
      await deleteUser(deps, callerOf(request), request.params.id, ctxOf(request), ifMatch(request));
      return reply.code(204).send();
    });
  };
}

function sendError(reply: FastifyReply, error: ScimError) {
  if (error.headers) void reply.headers(error.headers);
  return reply.code(error.status).type(SCIM_MEDIA_TYPE).send(scimErrorBody(error));
}
