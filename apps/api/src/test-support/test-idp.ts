import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import Provider from 'oidc-provider';

/**
 * An OpenID-certified identity provider (oidc-provider) on a loopback port, for the company sign-in's
 * tests (modules/sso): one client for the app (confidential, PKCE required), the people it knows, and
 * an interaction a test drives over HTTP like a browser: the authorization request leads to
 * `/interaction/<uid>`, which the test asks with `?account=<sub>` (and `&amr=pwd,mfa`) and its cookies;
 * the provider then answers the app's redirect URI with a code, `state` and `iss`.
 */

export interface IdpPerson {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

export const TEST_IDP_CLIENT_ID = 'e-auto-leasing';
export const TEST_IDP_CLIENT_SECRET = 'ein-langes-geheimnis-des-test-anbieters';

export class TestIdp {
  /** The people the provider knows, by `sub`. */
  readonly people = new Map<string, IdpPerson>();

  private constructor(
    readonly issuer: string,
    readonly redirectUri: string,
    private readonly server: http.Server,
  ) {}

  static async start(redirectUri: string): Promise<TestIdp> {
    let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
    const server = http.createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const idp = new TestIdp(issuer, redirectUri, server);
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: TEST_IDP_CLIENT_ID,
          client_secret: TEST_IDP_CLIENT_SECRET,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      findAccount: async (_ctx, sub) => {
        const person = idp.people.get(sub);
        return person && { accountId: sub, claims: () => ({ sub, ...person }) };
      },
      claims: {
        // `amr` in every ID token, as the large providers send it (oidc-provider's default: on request only).
        acr: null,
        amr: null,
        auth_time: null,
        sid: null,
        iss: null,
        openid: ['sub', 'amr'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'locale'],
      },
      // Every client proves its code with PKCE (the provider then refuses `plain` and a missing verifier).
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
      ttl: { AccessToken: 600, AuthorizationCode: 120, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    });
    const providerCallback = provider.callback();
    handle = (req, res) => {
      const url = new URL(req.url ?? '/', issuer);
      if (req.method === 'GET' && /^\/interaction\/[^/]+$/.test(url.pathname)) {
        void signInAndConsent(provider, req, res, url).catch((error: unknown) => {
          res.writeHead(500).end(String(error));
        });
        return;
      }
      providerCallback(req, res);
    };
    return idp;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}

/** The person named in the query signs in (with the `amr` given) and allows the scopes asked for. */
async function signInAndConsent(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const accountId = url.searchParams.get('account');
  if (!accountId) {
    res.writeHead(400).end('name the account: ?account=<sub>');
    return;
  }
  const amr = url.searchParams.get('amr')?.split(',');
  const details = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
  grant.addOIDCScope(String(details.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId, ...(amr ? { amr } : {}) }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * A browser's cookies at the identity provider (one host, so paths are ignored), and the walk through
 * its redirects from the authorization URL to the app's redirect URI.
 */
export class IdpBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly idp: TestIdp) {}

  /** Follows the provider's redirects, signing `account` in at the interaction; answers the app's callback URL. */
  async signIn(authorizationUrl: string, account: string, options: { amr?: string[] } = {}): Promise<URL> {
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`identity provider answered ${response.status}: ${await response.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(this.idp.redirectUri)) return next;
      if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
        next.searchParams.set('account', account);
        if (options.amr) next.searchParams.set('amr', options.amr.join(','));
      }
      url = next;
    }
    throw new Error('too many redirects at the identity provider');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
