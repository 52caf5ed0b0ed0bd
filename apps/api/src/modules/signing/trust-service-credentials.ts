/**
 * The development trust service's credential methods, CSC v2.0.0.2 11.4 to 11.9: `credentials/list` and
 * `credentials/info` under service authorization, `credentials/authorize` for explicit credentials
 * (answering the SAD), and `signatures/signHash`, which signs only with a credential-scoped token or a
 * SAD for exactly the credential and the hashes they authorized, with one of the credential's
 * algorithms. What the specification does not allow is refused with its error answer.
 */
import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { OID } from './cades.js';
import { generalizedTime } from './csc-credential.js';
import { pssParameters, SIGN_ALGO } from './csc-algorithms.js';
import {
  bearer,
  cscError,
  DEFAULT_KEY_ALGORITHMS,
  parseStrict,
  secretMatches,
  TOKEN_LIFETIME_MS,
  type TrustServiceContext,
} from './trust-service-context.js';
import { credentialProfile } from './trust-service-profile.js';
import { signHashWithKey } from './trust-service-signer.js';
import { hashKey, issueToken, readToken } from './trust-service-tokens.js';

const B64 = z
  .string()
  .regex(/^[A-Za-z0-9+/_-]+={0,2}$/)
  .max(200);

const listBody = z.strictObject({
  userID: z.string().min(1).max(200),
  credentialInfo: z.boolean().optional(),
  certificates: z.enum(['none', 'single', 'chain']).optional(),
  certInfo: z.boolean().optional(),
  authInfo: z.boolean().optional(),
  onlyValid: z.boolean().optional(),
  lang: z.string().max(20).optional(),
  clientData: z.string().max(500).optional(),
});

const infoBody = z.strictObject({
  credentialID: z.string().max(100),
  certificates: z.enum(['none', 'single', 'chain']).default('single'),
  certInfo: z.boolean().default(false),
  authInfo: z.boolean().default(false),
  lang: z.string().max(20).optional(),
  clientData: z.string().max(500).optional(),
});

const authorizeBody = z.strictObject({
  credentialID: z.string().max(100),
  numSignatures: z.number().int().min(1).max(10),
  hashes: z.array(B64).min(1).max(10).optional(),
  hashAlgorithmOID: z.literal(OID.sha256).optional(),
  authData: z
    .array(z.strictObject({ id: z.string().max(50), value: z.string().max(200) }))
    .max(5)
    .optional(),
  description: z.string().max(500).optional(),
  clientData: z.string().max(500).optional(),
});

const signHashBody = z.strictObject({
  credentialID: z.string().max(100),
  SAD: z.string().max(4000).optional(),
  hashes: z.array(B64).min(1).max(10),
  hashAlgorithmOID: z.literal(OID.sha256).optional(),
  signAlgo: z.string().max(100),
  signAlgoParams: z.string().max(500).optional(),
  operationMode: z.literal('S').optional(),
  validity_period: z.number().int().positive().optional(),
  response_uri: z.string().max(2048).optional(),
  clientData: z.string().max(500).optional(),
});

/** The hex SHA-256s of the hashes as they arrived (base64). */
const keysOf = (hashes: readonly string[]) => hashes.map(hashKey);

export function registerCredentialRoutes(app: FastifyInstance, context: TrustServiceContext): void {
  const { options, now } = context;
  const key = () => context.state().tokenKey;
  const keyAlgorithms = options.keyAlgorithms ?? DEFAULT_KEY_ALGORITHMS;
  const serviceAuthorized = (request: FastifyRequest) => readToken(key(), bearer(request), 'service', now()) !== null;

  app.post('/csc/v2/credentials/list', async (request, reply) => {
    if (!serviceAuthorized(request)) return cscError(reply, 401, 'invalid_token', 'Missing or expired service token');
    const body = parseStrict(listBody, request.body);
    if (!body.ok) return cscError(reply, 400, 'invalid_request', body.problem);
    // A user nobody enrolled holds no credential (a QTSP knows its users from its own identification).
    const credential = await context.state().credential(body.data.userID);
    return { credentialIDs: credential ? [credential.id] : [] };
  });

  app.post('/csc/v2/credentials/info', async (request, reply) => {
    if (!serviceAuthorized(request)) return cscError(reply, 401, 'invalid_token', 'Missing or expired service token');
    const body = parseStrict(infoBody, request.body);
    if (!body.ok) return cscError(reply, 400, 'invalid_request', body.problem);
    const b = body.data;
    const credential = await context.state().credentialById(b.credentialID);
    if (!credential) return cscError(reply, 400, 'invalid_request', 'Invalid parameter credentialID');
    const fault = context.faultOf(request);
    const profile = credentialProfile(credential);
    const cert = credential.keyed.certificate;
    const chain = [cert, context.state().pki.issuing.certificate];
    const certificates = b.certificates === 'none' ? [] : b.certificates === 'single' ? [cert] : chain;
    const validTo = fault === 'cert-expired' ? new Date(now() - 24 * 60 * 60 * 1000) : cert.notAfter;
    return {
      description: profile.kind === 'seal' ? 'Siegelzertifikat (TEST)' : 'Signaturzertifikat (TEST)',
      key: {
        status: fault === 'key-disabled' ? 'disabled' : 'enabled',
        algo: [...keyAlgorithms],
        len: 2048,
      },
      cert: {
        ...(fault === 'cert-expired' ? {} : { status: fault === 'cert-revoked' ? 'revoked' : 'valid' }),
        ...(certificates.length > 0
          ? { certificates: certificates.map((c) => Buffer.from(c.rawData).toString('base64')) }
          : {}),
        ...(b.certInfo
          ? {
              issuerDN: cert.issuer,
              serialNumber: cert.serialNumber,
              subjectDN: cert.subject,
              validFrom: generalizedTime(cert.notBefore),
              validTo: generalizedTime(validTo),
            }
          : {}),
      },
      ...(b.authInfo
        ? {
            auth: {
              mode: profile.authMode,
              ...(profile.authMode === 'explicit' ? { expression: 'PIN', objects: profile.authObjects } : {}),
            },
          }
        : {}),
      SCAL: profile.scal,
      multisign: profile.multisign,
      lang: 'de-DE',
    };
  });

  app.post('/csc/v2/credentials/authorize', async (request, reply) => {
    if (!serviceAuthorized(request)) return cscError(reply, 401, 'invalid_token', 'Missing or expired service token');
    const body = parseStrict(authorizeBody, request.body);
    if (!body.ok) return cscError(reply, 400, 'invalid_request', body.problem);
    const b = body.data;
    const credential = await context.state().credentialById(b.credentialID);
    if (!credential) return cscError(reply, 400, 'invalid_request', 'Invalid parameter credentialID');
    const profile = credentialProfile(credential);
    if (profile.authMode !== 'explicit') {
      return cscError(reply, 400, 'invalid_request', 'The credential is authorized through oauth2/authorize');
    }
    if (b.numSignatures > profile.multisign) return cscError(reply, 400, 'invalid_request', 'numSignatures too large');
    const hashes = b.hashes ?? [];
    if (profile.scal === '2' && (hashes.length !== b.numSignatures || !b.hashAlgorithmOID)) {
      return cscError(reply, 400, 'invalid_request', 'SCAL2: hashes and hashAlgorithmOID are required');
    }
    const pin = b.authData?.find((entry) => entry.id === 'PIN')?.value;
    if (!pin || !secretMatches(pin, options.sealPin)) {
      return cscError(reply, 400, 'invalid_request', 'Invalid authData');
    }
    const sad = issueToken(key(), {
      typ: 'sad',
      exp: now() + TOKEN_LIFETIME_MS,
      credentialID: b.credentialID,
      hashes: keysOf(hashes),
      numSignatures: b.numSignatures,
    });
    return { SAD: sad, expiresIn: TOKEN_LIFETIME_MS / 1000 };
  });

  app.post('/csc/v2/signatures/signHash', async (request, reply) => {
    const body = parseStrict(signHashBody, request.body);
    if (!body.ok) return cscError(reply, 400, 'invalid_request', body.problem);
    const b = body.data;
    const credential = await context.state().credentialById(b.credentialID);
    if (!credential) return cscError(reply, 400, 'invalid_request', 'Invalid parameter credentialID');
    // 11.9: a credential-scoped access token stands in for the SAD; a service token needs one.
    const token = readToken(key(), bearer(request), 'credential', now());
    let grant;
    if (token) {
      if (b.SAD !== undefined) return cscError(reply, 400, 'invalid_request', 'SAD given with a credential token');
      grant = token;
    } else {
      if (!serviceAuthorized(request)) return cscError(reply, 401, 'invalid_token', 'Missing or expired token');
      if (b.SAD === undefined) return cscError(reply, 400, 'invalid_request', 'Missing parameter SAD');
      const sad = readToken(key(), b.SAD, 'sad', now());
      if (!sad) return cscError(reply, 400, 'invalid_request', 'Invalid or expired SAD');
      grant = sad;
    }
    if (grant.credentialID !== b.credentialID) {
      return cscError(reply, 400, 'invalid_request', 'Authorization not valid for this credential');
    }
    if (b.hashes.length > grant.numSignatures) return cscError(reply, 400, 'invalid_request', 'Too many hashes');
    const bound = credentialProfile(credential).scal === '2' || grant.hashes.length > 0;
    if (bound && !keysOf(b.hashes).every((hash) => grant.hashes.includes(hash))) {
      return cscError(reply, 400, 'invalid_request', 'Hash not authorized');
    }
    const scheme = schemeOf(b.signAlgo, b.signAlgoParams, keyAlgorithms, b.hashAlgorithmOID);
    if (!scheme) return cscError(reply, 400, 'invalid_request', 'Invalid parameter signAlgo');
    // The authorization signs its hashes once: the SAD, or the credential token standing in for it.
    if (!(await context.state().redeemOnce(token ? bearer(request) : (b.SAD ?? '')))) {
      return cscError(reply, 400, 'invalid_request', token ? 'Credential token already used' : 'SAD already used');
    }
    const signed = (hash: string) =>
      context.faultOf(request) === 'wrong-hash'
        ? createHash('sha256').update(hash).digest()
        : Buffer.from(hash, 'base64');
    const signatures = b.hashes.map((hash) =>
      signHashWithKey(scheme, signed(hash), credential.keyed.privateKey).toString('base64'),
    );
    return { signatures };
  });
}

/**
 * How to sign for `signAlgo`: one of the credential's `key/algo`; a key algorithm (rsaEncryption) only
 * with the hash named, PSS only with parameters this key can honour (SHA-256, MGF1-SHA-256, salt 32).
 */
function schemeOf(
  signAlgo: string,
  params: string | undefined,
  keyAlgorithms: readonly string[],
  hashAlgorithmOID: string | undefined,
): 'rsa-pkcs1' | 'rsa-pss' | null {
  if (!keyAlgorithms.includes(signAlgo)) return null;
  if (signAlgo === SIGN_ALGO.sha256WithRsa && params === undefined) return 'rsa-pkcs1';
  if (signAlgo === SIGN_ALGO.rsaEncryption && params === undefined && hashAlgorithmOID) return 'rsa-pkcs1';
  const expected = Buffer.from(pssParameters().toSchema().toBER()).toString('base64');
  if (signAlgo === SIGN_ALGO.rsassaPss && params === expected) return 'rsa-pss';
  return null;
}
