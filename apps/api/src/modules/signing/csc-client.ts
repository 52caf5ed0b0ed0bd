/**
 * Client of a Cloud Signature Consortium API v2.0.0.2 remote-signing service (a QTSP in production, the
 * development trust service otherwise), configured by environment variables only: `CSC_BASE_URL` (the
 * API root, ending in /csc/v2), `CSC_CLIENT_ID`, `CSC_CLIENT_SECRET`, `CSC_TSA_URL`, and for the seal
 * `CSC_SEAL_AUTH_DATA` (see docs/decisions/0051-csc-v2-by-the-standard.md).
 *
 * - OAuth 2.0 endpoints from `info`: `oauth2Issuer` read by RFC 8414 metadata, else `oauth2` + the
 *   spec's paths (8.3).
 * - The service is authorized with `client_credentials` (8.4.4): `credentials/list` for the userID,
 *   `credentials/info` for chain, key algorithms, `auth/mode`, `SCAL` and the statuses (csc-credential.ts).
 * - The employee's credential (`oauth2code`): the employee authorizes exactly this hash at
 *   `oauth2/authorize` (scope `credential`, PKCE S256), the code becomes a credential-scoped token, which
 *   `signatures/signHash` takes in place of a SAD (11.9).
 * - The seal credential (`explicit`): the platform authorizes it at `credentials/authorize` (11.6) with
 *   the configured authData, and passes the `SAD` to `signatures/signHash` under the service token.
 */
import type { SignedAttributes } from './cades.js';
import { OID } from './cades.js';
import { ecdsaSignatureDer, verifiesSignature } from './csc-algorithms.js';
import { CredentialInfoSchema, CredentialRefusal, usableCredential, type CscCredential } from './csc-credential.js';
import { createCscTransport, CscError } from './csc-transport.js';

export { CscError, type CscErrorKind } from './csc-transport.js';
export type { CscCredential } from './csc-credential.js';

export interface CscConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  tsaUrl: string;
  /** The seal credentials' authentication objects (`auth/objects` ids → values), for `credentials/authorize`. */
  sealAuthData?: Record<string, string>;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

interface OAuthEndpoints {
  authorize: string;
  token: string;
  /** client_secret_basic when that is the only method the metadata names, else client_secret_post. */
  basicAuth: boolean;
}

/** RFC 8414 3.1: the well-known suffix goes between the host and the issuer's path. */
export function metadataUrlOf(issuer: string): string {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}/.well-known/oauth-authorization-server${path}`;
}

const b64 = (hash: Buffer) => hash.toString('base64');

export function createCscClient(config: CscConfig) {
  const transport = createCscTransport(config);
  const base = config.baseUrl.replace(/\/+$/, '');
  let endpoints: Promise<OAuthEndpoints> | null = null;
  let serviceToken: Promise<string> | null = null;

  async function discover(): Promise<OAuthEndpoints> {
    const info = await transport.postJson<{ oauth2?: string; oauth2Issuer?: string }>(
      `${base}/info`,
      {},
      undefined,
      true,
    );
    if (info.oauth2Issuer) {
      const metadata = await transport.getJson<{
        issuer?: string;
        authorization_endpoint?: string;
        token_endpoint?: string;
        code_challenge_methods_supported?: string[];
        token_endpoint_auth_methods_supported?: string[];
      }>(metadataUrlOf(info.oauth2Issuer));
      // RFC 8414 3.3: metadata for another issuer is not this service's.
      if (metadata.issuer !== info.oauth2Issuer || !metadata.authorization_endpoint || !metadata.token_endpoint) {
        throw new CscError('authorization server metadata does not match oauth2Issuer', 502, 'invalid-answer');
      }
      const methods = metadata.code_challenge_methods_supported;
      if (methods && !methods.includes('S256')) {
        throw new CscError('the authorization server offers no PKCE S256', 502, 'invalid-answer');
      }
      const auth = metadata.token_endpoint_auth_methods_supported;
      return {
        authorize: metadata.authorization_endpoint,
        token: metadata.token_endpoint,
        basicAuth: !!auth && auth.includes('client_secret_basic') && !auth.includes('client_secret_post'),
      };
    }
    const oauth2 = info.oauth2?.replace(/\/+$/, '');
    if (!oauth2) throw new CscError('the service names no OAuth 2.0 endpoint', 502, 'invalid-answer');
    return { authorize: `${oauth2}/oauth2/authorize`, token: `${oauth2}/oauth2/token`, basicAuth: false };
  }

  const oauth = () => {
    endpoints ??= discover().catch((error: unknown) => {
      endpoints = null;
      throw error;
    });
    return endpoints;
  };

  async function token(form: Record<string, string>): Promise<string> {
    const { token: url, basicAuth } = await oauth();
    const answer = await transport.postForm<{ access_token?: string }>(url, form, {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      basic: basicAuth,
    });
    if (!answer.access_token) throw new CscError('token answer without access_token', 502, 'invalid-answer');
    return answer.access_token;
  }

  /** Service authorization (8.4.4): lists and reads credentials, authorizes explicit ones. */
  const service = () => {
    serviceToken ??= token({ grant_type: 'client_credentials' }).catch((error: unknown) => {
      serviceToken = null;
      throw error;
    });
    return serviceToken;
  };

  return {
    /**
     * The user's credential, checked before it is used (key and certificate status, validity, auth
     * mode, algorithm): a `CredentialRefusal` when it cannot sign now.
     */
    async credentialFor(
      userID: string,
      expected: { authMode: 'explicit' | 'oauth2code'; now: Date },
    ): Promise<CscCredential> {
      const bearer = await service();
      const list = await transport.postJson<{ credentialIDs?: string[] }>(
        `${base}/credentials/list`,
        { userID },
        bearer,
        true,
      );
      const credentialID = list.credentialIDs?.[0];
      if (!credentialID) throw new CredentialRefusal('no-credential', 'credentials/list named none');
      const answer = await transport.postJson<unknown>(
        `${base}/credentials/info`,
        { credentialID, certificates: 'chain', certInfo: true, authInfo: true },
        bearer,
        true,
      );
      const info = CredentialInfoSchema.safeParse(answer);
      if (!info.success) throw new CscError('credentials/info answer not as specified', 502, 'invalid-answer');
      return usableCredential(credentialID, info.data, expected);
    },

    /**
     * Where the employee authorizes this credential for exactly this hash (scope `credential`, 8.4.2),
     * with the PKCE challenge whose verifier the caller keeps.
     */
    async authorizationUrl(input: {
      credential: CscCredential;
      hash: Buffer;
      redirectUri: string;
      state: string;
      codeChallenge: string;
    }): Promise<string> {
      const { credential } = input;
      if (credential.authMode !== 'oauth2code') throw new CredentialRefusal('auth-mode', 'not oauth2code');
      const url = new URL((await oauth()).authorize);
      const params: Record<string, string> = {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: input.redirectUri,
        scope: 'credential',
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
        credentialID: credential.credentialID,
        numSignatures: '1',
        state: input.state,
      };
      // SCAL2: the authorization is bound to the hashes (11.5, 8.4.2); SCAL1 lets the service decide.
      if (credential.scal === '2') {
        params.hashes = input.hash.toString('base64url');
        params.hashAlgorithmOID = OID.sha256;
      }
      url.search = new URLSearchParams(params).toString();
      return url.toString();
    },

    /** The authorization code and its PKCE verifier become the credential-scoped access token. */
    exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<string> {
      return token({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      });
    },

    /**
     * `credentials/authorize` (11.6) for a credential in explicit mode: the platform's own authData
     * (the configured values of `auth/objects`), bound to the hash under SCAL2. Returns the SAD.
     */
    async authorizeCredential(credential: CscCredential, hash: Buffer): Promise<string> {
      if (credential.authMode !== 'explicit') throw new CredentialRefusal('auth-mode', 'not explicit');
      const configured = config.sealAuthData ?? {};
      const missing = credential.authObjectIds.filter((id) => configured[id] === undefined);
      if (missing.length > 0) throw new CredentialRefusal('auth-data', `no value for ${missing.join(', ')}`);
      const body: Record<string, unknown> = {
        credentialID: credential.credentialID,
        numSignatures: 1,
        authData: credential.authObjectIds.map((id) => ({ id, value: configured[id] })),
      };
      if (credential.scal === '2') {
        body.hashes = [b64(hash)];
        body.hashAlgorithmOID = OID.sha256;
      }
      const answer = await transport.postJson<{ SAD?: string }>(
        `${base}/credentials/authorize`,
        body,
        await service(),
        false,
      );
      if (!answer.SAD) throw new CscError('credentials/authorize answer without SAD', 502, 'invalid-answer');
      return answer.SAD;
    },

    /**
     * `signatures/signHash` (11.9) over the SHA-256 of the signed attributes, with the credential's
     * algorithm. Authorized by the employee's credential token, or by the service token and a SAD. The
     * value is checked to be a signature over exactly these attributes before it is returned.
     */
    async signHash(input: {
      credential: CscCredential;
      signedAttributes: SignedAttributes;
      authorization: { credentialToken: string } | { sad: string };
    }): Promise<Buffer> {
      const { credential, signedAttributes } = input;
      const algorithm = credential.signAlgorithm;
      const body: Record<string, unknown> = {
        credentialID: credential.credentialID,
        hashes: [b64(signedAttributes.hashToSign)],
        hashAlgorithmOID: OID.sha256,
        signAlgo: algorithm.signAlgo,
        ...(algorithm.signAlgoParams ? { signAlgoParams: algorithm.signAlgoParams } : {}),
        ...('sad' in input.authorization ? { SAD: input.authorization.sad } : {}),
        operationMode: 'S',
      };
      const bearer = 'sad' in input.authorization ? await service() : input.authorization.credentialToken;
      const answer = await transport.postJson<{ signatures?: string[] }>(
        `${base}/signatures/signHash`,
        body,
        bearer,
        false,
      );
      const signature = answer.signatures?.[0];
      if (!signature) throw new CscError('signHash answer without signature', 502, 'invalid-answer');
      const raw = Buffer.from(signature, 'base64');
      const value = algorithm.scheme === 'ecdsa' ? ecdsaSignatureDer(raw, credential.signerCertificate) : raw;
      if (!verifiesSignature(algorithm, signedAttributes.der, value, credential.signerCertificate)) {
        throw new CscError('signHash returned a signature over another hash', 502, 'invalid-answer');
      }
      return value;
    },

    /** RFC 3161 over HTTP (RFC 3161, 3.4). */
    timestamp(requestDer: Buffer): Promise<Buffer> {
      return transport.postTimestampQuery(config.tsaUrl, requestDer);
    },
  };
}

export type CscClient = ReturnType<typeof createCscClient>;
