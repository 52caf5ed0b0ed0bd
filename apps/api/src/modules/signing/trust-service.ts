/**
 * The development trust service: a Cloud Signature Consortium API v2.0.0.2 remote-signing service with
 * its own test PKI and an RFC 3161 TSA, so the signing flow runs end to end without a QTSP, and strict
 * enough that a test against it shows what a QTSP would accept (docs/decisions/0051). Development only,
 * behind `loopbackOnly` like the identity simulator; production points the CSC client at a real QTSP.
 *
 * Register with `{ prefix: '/simulator' }`: `/csc/v2/*` (info, credentials/list, credentials/info,
 * credentials/authorize, signatures/signHash: trust-service-credentials.ts), `/csc/oauth2/*` (authorize
 * page, token: trust-service-oauth.ts), `/tsa`, `/ca.pem`, the OCSP responder `/ocsp` (RFC 6960,
 * answers signed by the issuing CA), the CA certificates `/ca/root.cer` and `/ca/issuing.cer`
 * (authorityInfoAccess caIssuers), the CAs' CRLs `/crl/root.crl` and `/crl/issuing.crl`
 * (cRLDistributionPoints), and `/csc/faults` (see trust-service-faults.ts). With `oauth2Issuer`, the
 * RFC 8414 metadata is `trustServiceMetadataPlugin`, registered at the server's root.
 *
 * The CA's public repository (its certificates, CRLs and OCSP answers) is what every real CA serves to
 * anyone: `isPublicRepositoryRoute` names it, so the loopback guard can let it through. The long-term
 * extension fetches it at the public URL, which behind a reverse proxy is no loopback request.
 */
import querystring from 'node:querystring';

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { respondToOcspRequest } from './revocation.js';
import { issueCrl } from './test-pki.js';
import { cscError, type TrustServiceContext, type TrustServiceOptions } from './trust-service-context.js';
import { registerCredentialRoutes } from './trust-service-credentials.js';
import { FaultRequestSchema, TrustServiceFaults, type HandledFault } from './trust-service-faults.js';
import { authorizationServerMetadata, registerOAuthRoutes } from './trust-service-oauth.js';
import { respondToTimestampRequest } from './timestamp.js';
import type { TrustServiceState } from './trust-service-state.js';

export type { TrustServiceOptions } from './trust-service-context.js';

/**
 * RFC 8414's metadata of the trust service registered under `prefix`: at
 * `/.well-known/oauth-authorization-server<prefix>/csc`, the issuer being `<origin><prefix>/csc`.
 */
export function trustServiceMetadataPlugin(prefix: string): FastifyPluginAsync {
  return async (app) => {
    app.get(`/.well-known/oauth-authorization-server${prefix}/csc`, async (request) =>
      authorizationServerMetadata(`${request.protocol}://${request.host}${prefix}/csc`),
    );
  };
}

/** The routes under `prefix` that a CA publishes to everyone (RFC 5280 4.2.1.13 and 4.2.2.1, RFC 6960). */
const PUBLIC_REPOSITORY_ROUTES = ['/ca.pem', '/ca/:name', '/crl/:name', '/ocsp', '/ocsp/*'];

export function isPublicRepositoryRoute(routeUrl: string | undefined, prefix: string): boolean {
  return routeUrl !== undefined && PUBLIC_REPOSITORY_ROUTES.some((route) => routeUrl === `${prefix}${route}`);
}

export function trustServicePlugin(options: TrustServiceOptions): FastifyPluginAsync {
  const { clock } = options;

  return async (app) => {
    let state: TrustServiceState;
    const faults = options.faults ?? new TrustServiceFaults();
    const handledFaults = new WeakMap<FastifyRequest, HandledFault>();
    app.addHook('preHandler', async (request, reply) => {
      state = await options.state();
      const fault = await faults.apply(request, reply);
      if (fault) handledFaults.set(request, fault);
      if (reply.sent) return reply;
    });
    app.addHook('onClose', async () => faults.close());
    app.addContentTypeParser('application/ocsp-request', { parseAs: 'buffer', bodyLimit: 16_384 }, (_r, body, done) =>
      done(null, body),
    );

    app.post('/csc/faults', async (request, reply) => {
      const body = FaultRequestSchema.safeParse(request.body);
      if (!body.success) return cscError(reply, 400, 'invalid_request', 'mode is one of the fault modes');
      faults.set(body.data.mode, body.data.count, body.data.on);
      return reply.code(204).send();
    });

    const ocspCas = () => [{ ca: state.pki.root }, { ca: state.pki.issuing }];
    app.post('/ocsp', async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.code(415).send();
      const answer = await respondToOcspRequest(request.body, ocspCas(), clock.now());
      return reply.type('application/ocsp-response').send(answer);
    });
    // RFC 6960 A.1: GET with the base64 DER request in the path.
    app.get('/ocsp/*', async (request, reply) => {
      const encoded = decodeURIComponent((request.params as { '*': string })['*']);
      const answer = await respondToOcspRequest(Buffer.from(encoded, 'base64'), ocspCas(), clock.now());
      return reply.type('application/ocsp-response').send(answer);
    });
    app.get('/crl/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      const keyed = name === 'root.crl' ? state.pki.root : name === 'issuing.crl' ? state.pki.issuing : null;
      if (!keyed) return reply.code(404).send();
      return reply.type('application/pkix-crl').send(await issueCrl(keyed, clock.now()));
    });
    app.get('/ca/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      const keyed = name === 'root.cer' ? state.pki.root : name === 'issuing.cer' ? state.pki.issuing : null;
      if (!keyed) return reply.code(404).send();
      return reply.type('application/pkix-cert').send(Buffer.from(keyed.certificate.rawData));
    });

    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_r, body, done) => done(null, querystring.parse(body as string)),
    );
    app.addContentTypeParser(
      'application/timestamp-query',
      { parseAs: 'buffer', bodyLimit: 16_384 },
      (_r, body, done) => done(null, body),
    );

    app.get('/ca.pem', async (_request, reply) =>
      reply.type('application/x-pem-file').send(state.pki.root.certificate.toString('pem')),
    );

    app.post('/tsa', async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.code(415).send();
      try {
        const answer = respondToTimestampRequest(request.body, state.pki.tsa, [state.pki.issuing], clock.now());
        return reply.type('application/timestamp-reply').send(answer);
      } catch {
        return reply.code(400).send();
      }
    });

    const context: TrustServiceContext = {
      options,
      state: () => state,
      now: () => clock.now().getTime(),
      faultOf: (request) => handledFaults.get(request),
    };
    registerOAuthRoutes(app, context);
    registerCredentialRoutes(app, context);
  };
}
