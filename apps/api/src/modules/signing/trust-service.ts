/**
 * The development trust service: a Cloud Signature Consortium API v2 remote-signing service with its own
 * test PKI and an RFC 3161 TSA, so the signing flow runs end to end without a QTSP. Development only,
 * behind `loopbackOnly` like the identity simulator; production points the CSC client at a real QTSP.
 *
 * Register with `{ prefix: '/simulator' }`: `/csc/v2/*` (info, credentials/list, credentials/info,
 * signatures/signHash), `/csc/oauth2/*` (authorize page, token), `/tsa`, `/ca.pem`, the OCSP responder
 * `/ocsp` (RFC 6960, answers signed by the issuing CA), the CA certificates `/ca/root.cer` and
 * `/ca/issuing.cer` (authorityInfoAccess caIssuers), the CAs' CRLs `/crl/root.crl` and `/crl/issuing.crl`
 * (cRLDistributionPoints), and `/csc/faults` (see trust-service-faults.ts).
 */
import querystring from 'node:querystring';
import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { Clock } from '../../lib/clock.js';
import { escapeHtml, sendPage } from '../ident/index.js';

import { OID } from './cades.js';
import { signSha256Hash } from './pades.js';
import { respondToOcspRequest } from './revocation.js';
import { issueCrl } from './test-pki.js';
import { FaultRequestSchema, TrustServiceFaults } from './trust-service-faults.js';
import { respondToTimestampRequest } from './timestamp.js';
import type { TrustServiceState } from './trust-service-state.js';
import { issueToken, oneTimeCode, readToken } from './trust-service-tokens.js';

export interface TrustServiceOptions {
  /** Loaded on first use: generating the test PKI takes a moment, and most runs never sign. */
  state: () => Promise<TrustServiceState>;
  clientId: string;
  clientSecret: string;
  /**
   * Whether `uri` is a redirect URI registered for the client (RFC 6749, 3.1.2): the platform's return
   * address on its public origin, or, with PUBLIC_URL unset, on the loopback address the browser used.
   */
  isRegisteredRedirect: (uri: string) => boolean;
  clock: Clock;
  /** Armed by `POST /csc/faults`; one per process unless given. */
  faults?: TrustServiceFaults;
}

const TOKEN_LIFETIME_MS = 5 * 60 * 1000;
const B64 = z
  .string()
  .regex(/^[A-Za-z0-9+/_-]+={0,2}$/)
  .max(200);

function cscError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

/**
 * The authorization page's policy: its form posts to the page itself and is then redirected to the
 * client's registered return address, which may be on another origin (CSP's form-action also governs
 * the redirect after a submission); nothing else is loaded.
 */
function authorizePagePolicy(redirectUri: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${new URL(redirectUri).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function secretMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
}

/** Hashes travel base64url in the authorize URL and base64 in JSON: compare them as bytes. */
const hashKey = (value: string) => Buffer.from(value, 'base64').toString('hex');

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string().max(200),
  redirect_uri: z.string().url().max(2048),
  scope: z.literal('credential'),
  credentialID: z.string().max(100),
  numSignatures: z.coerce.number().int().min(1).max(10).optional(),
  hashes: z.string().max(2000),
  hashAlgorithmOID: z.literal(OID.sha256),
  state: z.string().max(500).default(''),
});

export function trustServicePlugin(options: TrustServiceOptions): FastifyPluginAsync {
  const { clock } = options;
  const now = () => clock.now().getTime();

  return async (app) => {
    let state: TrustServiceState;
    let key: Buffer;
    const faults = options.faults ?? new TrustServiceFaults();
    const signsWrongHash = new WeakSet<FastifyRequest>();
    app.addHook('preHandler', async (request, reply) => {
      state = await options.state();
      key = state.tokenKey;
      if ((await faults.apply(request, reply)) === 'wrong-hash') signsWrongHash.add(request);
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

    app.post('/csc/v2/info', async (request) => ({
      specs: '2.0.0.2',
      name: 'Leasing Simulator TEST Trust Service (nicht qualifiziert)',
      logo: '',
      region: 'DE',
      lang: 'de-DE',
      description: 'Entwicklungs-Vertrauensdienst mit Test-PKI. Signaturen sind nicht qualifiziert.',
      authType: ['oauth2code'],
      oauth2: `${request.protocol}://${request.host}/simulator/csc`,
      methods: ['credentials/list', 'credentials/info', 'signatures/signHash', 'oauth2/authorize', 'oauth2/token'],
      signAlgorithms: { algos: [OID.sha256WithRsa] },
    }));

    app.post('/csc/oauth2/token', async (request, reply) => {
      const body = z
        .object({
          grant_type: z.enum(['authorization_code', 'client_credentials']),
          client_id: z.string(),
          client_secret: z.string(),
          code: z.string().optional(),
          redirect_uri: z.string().optional(),
          scope: z.string().max(50).optional(),
          credentialID: z.string().max(100).optional(),
          hashes: z.string().max(2000).optional(),
        })
        .safeParse(request.body);
      if (!body.success) return cscError(reply, 400, 'invalid_request', 'Malformed token request');
      const b = body.data;
      if (b.client_id !== options.clientId || !secretMatches(b.client_secret, options.clientSecret)) {
        return cscError(reply, 401, 'invalid_client', 'Unknown client or wrong secret');
      }
      if (b.grant_type === 'client_credentials' && b.scope === 'credential') {
        // A seal credential is used by the service itself, without a person: the client authorizes it
        // for the hashes it names (a QTSP does this for seal credentials with SCAL1 or a pre-authorization).
        const seal = b.credentialID ? await state.credentialById(b.credentialID) : null;
        if (!seal?.certificate.subjectName.getField('O')[0] || !b.hashes) {
          return cscError(reply, 400, 'invalid_request', 'Only a seal credential is authorized this way');
        }
        const hashes = b.hashes.split(',').map(hashKey);
        const grant = { credentialID: b.credentialID ?? '', hashes, redirectUri: '' };
        const token = issueToken(key, { typ: 'credential', exp: now() + TOKEN_LIFETIME_MS, ...grant });
        return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_MS / 1000 };
      }
      if (b.grant_type === 'client_credentials') {
        const token = issueToken(key, { typ: 'service', exp: now() + TOKEN_LIFETIME_MS });
        return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_MS / 1000 };
      }
      const code = readToken(key, b.code ?? '', 'code', now());
      if (!code || code.redirectUri !== b.redirect_uri) {
        return cscError(reply, 400, 'invalid_grant', 'Authorization code invalid or expired');
      }
      const token = issueToken(key, { ...code, typ: 'credential', exp: now() + TOKEN_LIFETIME_MS });
      return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_MS / 1000 };
    });

    app.get('/csc/oauth2/authorize', async (request, reply) => {
      const query = authorizeQuery.safeParse(request.query);
      if (
        !query.success ||
        query.data.client_id !== options.clientId ||
        !options.isRegisteredRedirect(query.data.redirect_uri)
      ) {
        return sendPage(reply, 400, 'Ungültige Anfrage', '<p>Die Signaturanfrage ist unvollständig.</p>');
      }
      const q = query.data;
      void reply.header('content-security-policy', authorizePagePolicy(q.redirect_uri));
      const credential = await state.credentialById(q.credentialID);
      if (!credential) return sendPage(reply, 404, 'Unbekanntes Zertifikat', '<p>Kein Zertifikat gefunden.</p>');
      const hashes = q.hashes.split(',');
      const code = oneTimeCode(key, q.credentialID, hashes, q.state);
      const hidden = Object.entries(q)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`)
        .join('');
      const body =
        `<p>Signieren als <strong>${escapeHtml(credential.certificate.subjectName.getField('CN')[0] ?? '')}</strong>.</p>` +
        `<p>Ihr Einmalcode (sonst per SMS oder App): <strong data-testid="one-time-code">${code}</strong></p>` +
        `<form method="post" action="authorize">${hidden}` +
        `<label>Einmalcode <input name="otp" inputmode="numeric" autocomplete="one-time-code" required></label>` +
        `<button name="decision" value="approve">Jetzt signieren</button>` +
        `<button name="decision" value="reject" formnovalidate>Ablehnen</button></form>`;
      return sendPage(reply, 200, 'Dokument qualifiziert signieren', body);
    });

    app.post('/csc/oauth2/authorize', async (request, reply) => {
      const form = authorizeQuery
        .extend({ otp: z.string().max(10).default(''), decision: z.enum(['approve', 'reject']) })
        .safeParse(request.body);
      if (
        !form.success ||
        form.data.client_id !== options.clientId ||
        !options.isRegisteredRedirect(form.data.redirect_uri)
      ) {
        return sendPage(reply, 400, 'Ungültige Anfrage', '<p>Die Signaturanfrage ist unvollständig.</p>');
      }
      const f = form.data;
      const target = new URL(f.redirect_uri);
      target.searchParams.set('state', f.state);
      if (f.decision === 'reject') {
        target.searchParams.set('error', 'access_denied');
        return reply.redirect(target.toString(), 303);
      }
      const hashes = f.hashes.split(',');
      if (f.otp !== oneTimeCode(key, f.credentialID, hashes, f.state)) {
        return sendPage(reply, 422, 'Falscher Code', '<p>Der Einmalcode stimmt nicht. Bitte erneut versuchen.</p>');
      }
      const payload = { credentialID: f.credentialID, hashes: hashes.map(hashKey), redirectUri: f.redirect_uri };
      target.searchParams.set('code', issueToken(key, { typ: 'code', exp: now() + TOKEN_LIFETIME_MS, ...payload }));
      return reply.redirect(target.toString(), 303);
    });

    const requireService = (request: FastifyRequest) =>
      readToken(key, bearer(request), 'service', now()) ?? readToken(key, bearer(request), 'credential', now());

    app.post('/csc/v2/credentials/list', async (request, reply) => {
      if (!requireService(request)) return cscError(reply, 401, 'invalid_token', 'Missing or expired token');
      const body = z.object({ userID: z.string().min(1).max(200) }).safeParse(request.body);
      if (!body.success) return cscError(reply, 400, 'invalid_request', 'userID is required');
      // The simulator's user is the person's name; a QTSP knows its users from its own identification.
      const { id } = await state.credential(body.data.userID);
      return { credentialIDs: [id] };
    });

    app.post('/csc/v2/credentials/info', async (request, reply) => {
      if (!requireService(request)) return cscError(reply, 401, 'invalid_token', 'Missing or expired token');
      const body = z.object({ credentialID: z.string().max(100) }).safeParse(request.body);
      const credential = body.success ? await state.credentialById(body.data.credentialID) : null;
      if (!credential) return cscError(reply, 400, 'invalid_request', 'Unknown credentialID');
      const cert = credential.certificate;
      return {
        key: { status: 'enabled', algo: [OID.sha256WithRsa, OID.rsaEncryption], len: 2048 },
        cert: {
          status: 'valid',
          certificates: [cert, state.pki.issuing.certificate].map((c) => Buffer.from(c.rawData).toString('base64')),
          issuerDN: cert.issuer,
          serialNumber: cert.serialNumber,
          subjectDN: cert.subject,
          validFrom: cert.notBefore.toISOString(),
          validTo: cert.notAfter.toISOString(),
        },
        authMode: 'oauth2code',
        SCAL: '2',
        multisign: 1,
      };
    });

    app.post('/csc/v2/signatures/signHash', async (request, reply) => {
      const token = readToken(key, bearer(request), 'credential', now());
      if (!token) return cscError(reply, 401, 'invalid_token', 'Credential authorization missing or expired');
      const body = z
        .object({
          credentialID: z.string().max(100),
          hashes: z.array(B64).min(1).max(10),
          hashAlgorithmOID: z.literal(OID.sha256).optional(),
          signAlgo: z.enum([OID.sha256WithRsa, OID.rsaEncryption]),
        })
        .safeParse(request.body);
      if (!body.success) return cscError(reply, 400, 'invalid_request', 'Malformed signHash request');
      const b = body.data;
      if (b.credentialID !== token.credentialID) {
        return cscError(reply, 400, 'invalid_request', 'Token not valid for this credential');
      }
      if (!b.hashes.every((hash) => token.hashes.includes(hashKey(hash)))) {
        return cscError(reply, 400, 'invalid_request', 'Hash not authorized');
      }
      const credential = await state.credentialById(b.credentialID);
      if (!credential) return cscError(reply, 400, 'invalid_request', 'Unknown credentialID');
      const signed = (hash: string) =>
        signsWrongHash.has(request) ? createHash('sha256').update(hash).digest() : Buffer.from(hash, 'base64');
      const signatures = b.hashes.map((hash) => signSha256Hash(signed(hash), credential.privateKey).toString('base64'));
      return { signatures };
    });
  };
}
