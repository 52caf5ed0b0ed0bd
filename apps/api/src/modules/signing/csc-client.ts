/**
 * Client of a Cloud Signature Consortium API v2 remote-signing service (a QTSP in production, the
 * development trust service otherwise), configured by environment variables only:
 * `CSC_BASE_URL` (the API root, ending in /csc/v2), `CSC_CLIENT_ID`, `CSC_CLIENT_SECRET`, `CSC_TSA_URL`.
 *
 * The flow per signature (CSC v2, 8.3 and 11.x): a service token (oauth2/token, client_credentials) →
 * credentials/list for the user → credentials/info for the certificate chain → the user authorizes the
 * credential for exactly this hash at oauth2/authorize (scope "credential", SCAL2) → the code becomes a
 * credential token → signatures/signHash.
 */
import { constants, createPublicKey, publicDecrypt } from 'node:crypto';

import type * as pkijs from 'pkijs';

import { OID, parseCertificate } from './cades.js';

export interface CscConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  tsaUrl: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * What went wrong, so a caller can leave its step unchanged and say why: `timeout` (no answer in
 * time), `unavailable` (network fault or 5xx), `authorization` (the signer's authorization is missing
 * or expired: authorize again), `refused` (another 4xx), `invalid-answer` (an answer we cannot accept,
 * e.g. a signature that does not match the hash).
 */
export type CscErrorKind = 'timeout' | 'unavailable' | 'authorization' | 'refused' | 'invalid-answer';

function kindOfStatus(status: number): CscErrorKind {
  if (status >= 500) return 'unavailable';
  if (status === 401) return 'authorization';
  return 'refused';
}

export class CscError extends Error {
  readonly kind: CscErrorKind;

  constructor(
    message: string,
    readonly status: number,
    kind?: CscErrorKind,
  ) {
    super(message);
    this.name = 'CscError';
    this.kind = kind ?? kindOfStatus(status);
  }

  /** Worth trying again later (the service, not the request, was the problem). */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable';
  }
}

export interface CscCredential {
  credentialID: string;
  signerCertificate: pkijs.Certificate;
  /** The rest of the chain as the service returned it (issuing CAs). */
  chain: pkijs.Certificate[];
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** DigestInfo prefix for SHA-256 (RFC 8017, 9.2 note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** True when `signature` is an RSA PKCS#1 v1.5 signature of `hash` by the certificate's key. */
export function signsHash(signature: Buffer, hash: Buffer, certificate: pkijs.Certificate): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER()),
      format: 'der',
      type: 'spki',
    });
    const recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return recovered.equals(Buffer.concat([SHA256_DIGEST_INFO, hash]));
  } catch {
    return false;
  }
}

export function createCscClient(config: CscConfig) {
  const doFetch = config.fetchImpl ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  let oauth2Base: string | null = null;

  /** One request; its answer read in full within the same time limit. */
  async function attempt<T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T> {
    const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const path = new URL(url).pathname;
    try {
      const response = await doFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new CscError(`${path} answered ${response.status}: ${detail.slice(0, 200)}`, response.status);
      }
      return await read(response);
    } catch (error) {
      if (error instanceof CscError) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CscError(`${path} gave no answer within ${timeoutMs} ms`, 504, 'timeout');
      }
      if (error instanceof SyntaxError) throw new CscError(`${path} answered malformed JSON`, 502, 'invalid-answer');
      throw new CscError(`${path} not reachable: ${String((error as Error).message ?? error)}`, 503, 'unavailable');
    }
  }

  /**
   * A request; `idempotent` ones (reads: info, credentials, time stamps) are tried once more after a
   * timeout, a network fault or a 5xx. A token exchange or a signHash is never repeated by us.
   */
  async function call<T>(
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<T>,
    idempotent: boolean,
  ): Promise<T> {
    try {
      return await attempt(url, init, read);
    } catch (error) {
      if (!idempotent || !(error instanceof CscError) || !error.transient) throw error;
      return attempt(url, init, read);
    }
  }

  const IDEMPOTENT_PATHS = new Set(['info', 'credentials/list', 'credentials/info']);

  async function postJson<T>(path: string, body: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const init = { method: 'POST', headers, body: JSON.stringify(body) };
    return call(`${base}/${path}`, init, (r) => r.json() as Promise<T>, IDEMPOTENT_PATHS.has(path));
  }

  async function oauth2(): Promise<string> {
    oauth2Base ??= (await postJson<{ oauth2?: string }>('info', {})).oauth2?.replace(/\/+$/, '') ?? null;
    if (!oauth2Base) throw new CscError('the service names no OAuth 2.0 endpoint', 502, 'invalid-answer');
    return oauth2Base;
  }

  async function token(form: Record<string, string>): Promise<string> {
    const answer = await call(
      `${await oauth2()}/oauth2/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }),
      },
      (r) => r.json() as Promise<{ access_token?: string }>,
      false,
    );
    if (!answer.access_token) throw new CscError('token answer without access_token', 502, 'invalid-answer');
    return answer.access_token;
  }

  return {
    /** The user's signing credential with its certificate chain. */
    async credentialFor(userID: string): Promise<CscCredential> {
      const service = await token({ grant_type: 'client_credentials', scope: 'service' });
      const list = await postJson<{ credentialIDs?: string[] }>('credentials/list', { userID }, service);
      const credentialID = list.credentialIDs?.[0];
      if (!credentialID) throw new CscError('no signing credential for this user', 404);
      const info = await postJson<{ cert?: { certificates?: string[] } }>(
        'credentials/info',
        { credentialID, certificates: 'chain', certInfo: true, authInfo: true },
        service,
      );
      const [signer, ...chain] = (info.cert?.certificates ?? []).map((b64) =>
        parseCertificate(Buffer.from(b64, 'base64')),
      );
      if (!signer) throw new CscError('credential without certificate', 502, 'invalid-answer');
      return { credentialID, signerCertificate: signer, chain };
    },

    /** Where the signer authorizes this credential for exactly this hash (SCAL2). */
    async authorizationUrl(input: { credentialID: string; hash: Buffer; redirectUri: string; state: string }) {
      const url = new URL(`${await oauth2()}/oauth2/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: input.redirectUri,
        scope: 'credential',
        credentialID: input.credentialID,
        numSignatures: '1',
        hashes: input.hash.toString('base64url'),
        hashAlgorithmOID: OID.sha256,
        state: input.state,
      }).toString();
      return url.toString();
    },

    /** A seal credential's token for these hashes, without a person (client credentials, scope credential). */
    authorizeSeal(credentialID: string, hash: Buffer): Promise<string> {
      return token({
        grant_type: 'client_credentials',
        scope: 'credential',
        credentialID,
        hashes: hash.toString('base64url'),
      });
    },

    /** Exchanges the authorization code for the credential token. */
    exchangeCode(code: string, redirectUri: string): Promise<string> {
      return token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    },

    /**
     * signatures/signHash: an RSA PKCS#1 v1.5 signature over the SHA-256 hash. With the signer's
     * certificate, the answer is checked to be a signature over exactly this hash before it is returned.
     */
    async signHash(
      credentialToken: string,
      credentialID: string,
      hash: Buffer,
      signerCertificate?: pkijs.Certificate,
    ): Promise<Buffer> {
      const answer = await postJson<{ signatures?: string[] }>(
        'signatures/signHash',
        {
          credentialID,
          hashes: [hash.toString('base64')],
          hashAlgorithmOID: OID.sha256,
          signAlgo: OID.sha256WithRsa,
          operationMode: 'S',
        },
        credentialToken,
      );
      const signature = answer.signatures?.[0];
      if (!signature) throw new CscError('signHash answer without signature', 502, 'invalid-answer');
      const value = Buffer.from(signature, 'base64');
      if (signerCertificate && !signsHash(value, hash, signerCertificate)) {
        throw new CscError('signHash returned a signature over another hash', 502, 'invalid-answer');
      }
      return value;
    },

    /** RFC 3161 over HTTP (RFC 3161, 3.4). */
    async timestamp(requestDer: Buffer): Promise<Buffer> {
      const init = { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: requestDer };
      // A time-stamp request changes nothing at the TSA: safe to repeat.
      return call(config.tsaUrl, init, async (r) => Buffer.from(await r.arrayBuffer()), true);
    },
  };
}

export type CscClient = ReturnType<typeof createCscClient>;
