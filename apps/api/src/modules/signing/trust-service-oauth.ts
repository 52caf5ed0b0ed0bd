/**
 * The development trust service's `info` and OAuth 2.0 authorization server (CSC v2.0.0.2 8.3, 11.1):
 * the authorization page where the employee confirms one credential for exactly the hashes named,
 * always with PKCE S256 (RFC 7636; a request without it gets no page), and the token endpoint, which
 * redeems a code only with the matching `code_verifier` and gives service tokens for the client's
 * credentials. Unknown parameters are refused, as a service written from the specification does.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

import { escapeHtml, sendPage } from '../ident/index.js';

import { OID } from './cades.js';
import { PKCE_VERIFIER, s256Challenge } from './csc-pkce.js';
import {
  cscError,
  DEFAULT_KEY_ALGORITHMS,
  parseStrict,
  secretMatches,
  TOKEN_LIFETIME_MS,
  type TrustServiceContext,
} from './trust-service-context.js';
import { credentialProfile } from './trust-service-profile.js';
import { hashKey, issueToken, oneTimeCode, readToken } from './trust-service-tokens.js';

/** RFC 7636 4.2: BASE64URL of a SHA-256, 43 characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The parameters 8.4.2 defines for `oauth2/authorize`; the ones this service does not serve are refused. */
const authorizeQuery = z.strictObject({
  response_type: z.literal('code'),
  client_id: z.string().max(200),
  redirect_uri: z.url().max(2048),
  scope: z.literal('credential'),
  code_challenge: z.string().regex(CODE_CHALLENGE),
  code_challenge_method: z.literal('S256'),
  credentialID: z.string().max(100),
  numSignatures: z.coerce.number().int().min(1).max(10),
  hashes: z.string().max(2000).optional(),
  hashAlgorithmOID: z.literal(OID.sha256).optional(),
  state: z.string().max(500).optional(),
  lang: z.string().max(20).optional(),
  description: z.string().max(500).optional(),
  clientData: z.string().max(500).optional(),
});

const tokenForm = z.discriminatedUnion('grant_type', [
  z.strictObject({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(500).optional(),
    scope: z.literal('service').optional(),
    clientData: z.string().max(500).optional(),
  }),
  z.strictObject({
    grant_type: z.literal('authorization_code'),
    client_id: z.string().max(200).optional(),
    client_secret: z.string().max(500).optional(),
    code: z.string().min(1).max(4000),
    redirect_uri: z.string().max(2048),
    code_verifier: z.string().regex(PKCE_VERIFIER),
    clientData: z.string().max(500).optional(),
  }),
]);

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

const badRequestPage = (reply: FastifyReply) =>
  sendPage(reply, 400, 'Ungültige Anfrage', '<p>Die Signaturanfrage ist unvollständig oder unzulässig.</p>');

/** The client's credentials from the form (client_secret_post) or the Basic header (RFC 6749 2.3.1). */
function clientOf(
  header: string | undefined,
  form: { client_id?: string | undefined; client_secret?: string | undefined },
): { id: string; secret: string } | null {
  if (header?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    if (id === undefined || secret === undefined || form.client_secret !== undefined) return null;
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return form.client_id !== undefined && form.client_secret !== undefined
    ? { id: form.client_id, secret: form.client_secret }
    : null;
}

/** The metadata RFC 8414 describes, for an issuer at `issuer` (served at its well-known address). */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'client_credentials'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['service', 'credential'],
  };
}

/** Registers `csc/v2/info` and `csc/oauth2/*` (the plugin's prefix in front). */
export function registerOAuthRoutes(app: FastifyInstance, context: TrustServiceContext): void {
  const { options, now } = context;
  const key = () => context.state().tokenKey;

  app.post('/csc/v2/info', async (request, reply) => {
    const body = parseStrict(z.strictObject({ lang: z.string().max(20).optional() }), request.body);
    if (!body.ok) return cscError(reply, 400, 'invalid_request', body.problem);
    // This service as the caller reached it: the platform asks over loopback, whatever PUBLIC_URL says.
    const prefix = request.url.slice(0, request.url.indexOf('/csc/v2/info'));
    const oauth = `${request.protocol}://${request.host}${prefix}/csc`;
    return {
      specs: '2.0.0.2',
      name: 'Leasing Simulator TEST Trust Service (nicht qualifiziert)',
      logo: `${request.protocol}://${request.host}${prefix}/ca.pem`,
      region: 'DE',
      lang: 'de-DE',
      description: 'Entwicklungs-Vertrauensdienst mit Test-PKI. Signaturen sind nicht qualifiziert.',
      authType: ['oauth2client', 'oauth2code'],
      ...(options.authorizationServer === 'oauth2Issuer' ? { oauth2Issuer: oauth } : { oauth2: oauth }),
      asynchronousOperationMode: false,
      methods: ['info', 'credentials/list', 'credentials/info', 'credentials/authorize', 'signatures/signHash'],
      validationInfo: false,
      signAlgorithms: { algos: [...(options.keyAlgorithms ?? DEFAULT_KEY_ALGORITHMS)] },
      signature_formats: { formats: ['C'], envelope_properties: [['Detached']] },
      conformance_levels: ['Ades-B-B', 'Ades-B-T'],
    };
  });

  /** The query when it is one this service authorizes for: its client, a registered return, a user's credential. */
  async function authorization(query: unknown) {
    const parsed = authorizeQuery.safeParse(query);
    if (!parsed.success) return null;
    const q = parsed.data;
    if (q.client_id !== options.clientId || !options.isRegisteredRedirect(q.redirect_uri)) return null;
    const credential = await context.state().credentialById(q.credentialID);
    if (!credential) return null;
    const profile = credentialProfile(credential);
    if (profile.authMode !== 'oauth2code') return null;
    const hashes = q.hashes ? q.hashes.split(',') : [];
    // SCAL2: the authorization names exactly as many hashes as signatures, and their algorithm (11.5).
    if (profile.scal === '2' && (hashes.length !== q.numSignatures || !q.hashAlgorithmOID)) return null;
    return { q, credential, hashes };
  }

  app.get('/csc/oauth2/authorize', async (request, reply) => {
    const found = await authorization(request.query);
    if (!found) return badRequestPage(reply);
    const { q, credential, hashes } = found;
    void reply.header('content-security-policy', authorizePagePolicy(q.redirect_uri));
    const code = oneTimeCode(key(), q.credentialID, hashes, q.state ?? '');
    const hidden = Object.entries(q)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`)
      .join('');
    const body =
      `<p>Signieren als <strong>${escapeHtml(credential.subject.commonName)}</strong>.</p>` +
      `<p>Ihr Einmalcode (sonst per SMS oder App): <strong data-testid="one-time-code">${code}</strong></p>` +
      `<form method="post" action="authorize">${hidden}` +
      `<label>Einmalcode <input name="otp" inputmode="numeric" autocomplete="one-time-code" required></label>` +
      `<button name="decision" value="approve">Jetzt signieren</button>` +
      `<button name="decision" value="reject" formnovalidate>Ablehnen</button></form>`;
    return sendPage(reply, 200, 'Dokument qualifiziert signieren', body);
  });

  app.post('/csc/oauth2/authorize', async (request, reply) => {
    const { otp, decision, ...query } = (request.body ?? {}) as Record<string, unknown>;
    const found = await authorization(query);
    const choice = z.enum(['approve', 'reject']).safeParse(decision);
    if (!found || !choice.success || (otp !== undefined && typeof otp !== 'string')) return badRequestPage(reply);
    const { q, hashes } = found;
    const target = new URL(q.redirect_uri);
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    if (choice.data === 'reject') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 303);
    }
    if (otp !== oneTimeCode(key(), q.credentialID, hashes, q.state ?? '')) {
      return sendPage(reply, 422, 'Falscher Code', '<p>Der Einmalcode stimmt nicht. Bitte erneut versuchen.</p>');
    }
    const code = issueToken(key(), {
      typ: 'code',
      exp: now() + TOKEN_LIFETIME_MS,
      credentialID: q.credentialID,
      hashes: hashes.map(hashKey),
      numSignatures: q.numSignatures,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
    });
    target.searchParams.set('code', code);
    return reply.redirect(target.toString(), 303);
  });

  app.post('/csc/oauth2/token', async (request, reply) => {
    const form = parseStrict(tokenForm, request.body);
    if (!form.ok) return cscError(reply, 400, 'invalid_request', form.problem);
    const f = form.data;
    const client = clientOf(request.headers.authorization, f);
    if (!client || client.id !== options.clientId || !secretMatches(client.secret, options.clientSecret)) {
      return cscError(reply, 401, 'invalid_client', 'Unknown client or wrong secret');
    }
    const expiresIn = TOKEN_LIFETIME_MS / 1000;
    if (f.grant_type === 'client_credentials') {
      const token = issueToken(key(), { typ: 'service', exp: now() + TOKEN_LIFETIME_MS });
      return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    }
    const code = readToken(key(), f.code, 'code', now());
    if (!code || code.redirectUri !== f.redirect_uri) {
      return cscError(reply, 400, 'invalid_grant', 'Authorization code invalid or expired');
    }
    // RFC 7636 4.6: the verifier's S256 must be the challenge the authorization carried.
    if (s256Challenge(f.code_verifier) !== code.codeChallenge) {
      return cscError(reply, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
    // RFC 6749 4.1.2: a code is redeemed once; a second attempt is denied.
    if (!(await context.state().redeemOnce(f.code))) {
      return cscError(reply, 400, 'invalid_grant', 'Authorization code already used');
    }
    const grant = { credentialID: code.credentialID, hashes: code.hashes, numSignatures: code.numSignatures };
    const token = issueToken(key(), { typ: 'credential', exp: now() + TOKEN_LIFETIME_MS, ...grant });
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
  });
}
