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

export class CscError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CscError';
  }
}

export interface CscCredential {
  credentialID: string;
  signerCertificate: pkijs.Certificate;
  /** The rest of the chain as the service returned it (issuing CAs). */
  chain: pkijs.Certificate[];
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function createCscClient(config: CscConfig) {
  const doFetch = config.fetchImpl ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  let oauth2Base: string | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    const response = await doFetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new CscError(
        `${new URL(url).pathname} answered ${response.status}: ${detail.slice(0, 200)}`,
        response.status,
      );
    }
    return response;
  }

  async function postJson<T>(path: string, body: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await call(`${base}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return (await response.json()) as T;
  }

  async function oauth2(): Promise<string> {
    oauth2Base ??= (await postJson<{ oauth2?: string }>('info', {})).oauth2?.replace(/\/+$/, '') ?? null;
    if (!oauth2Base) throw new CscError('the service names no OAuth 2.0 endpoint', 502);
    return oauth2Base;
  }

  async function token(form: Record<string, string>): Promise<string> {
    const response = await call(`${await oauth2()}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }),
    });
    const answer = (await response.json()) as { access_token?: string };
    if (!answer.access_token) throw new CscError('token answer without access_token', 502);
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
      if (!signer) throw new CscError('credential without certificate', 502);
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

    /** signatures/signHash: an RSA PKCS#1 v1.5 signature over the SHA-256 hash. */
    async signHash(credentialToken: string, credentialID: string, hash: Buffer): Promise<Buffer> {
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
      if (!signature) throw new CscError('signHash answer without signature', 502);
      return Buffer.from(signature, 'base64');
    },

    /** RFC 3161 over HTTP (RFC 3161, 3.4). */
    async timestamp(requestDer: Buffer): Promise<Buffer> {
      const response = await call(config.tsaUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: requestDer,
      });
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

export type CscClient = ReturnType<typeof createCscClient>;
