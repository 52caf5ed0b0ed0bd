import * as oidc from 'openid-client';

import type { Clock } from '../../lib/clock.js';
import { publicHttpsFetch } from './outbound.js';

/**
 * The relying party's view of an employer's identity provider (openid-client): discovered from the
 * issuer, with the client's credentials. Production calls go through `publicHttpsFetch` (HTTPS, public
 * addresses only); outside production a loopback http issuer is allowed (the tests' identity provider).
 */

/** Seconds an identity provider has for each answer: a sign-in must not hang on it. */
const IDP_TIMEOUT_SECONDS = 5;
/** How long a discovered configuration is reused before it is asked again (keys rotate, endpoints move). */
const KEEP_MS = 10 * 60_000;
/** Employers whose configuration is kept at most (one entry each). */
const KEEP_AT_MOST = 1_000;

export interface ClientSettings {
  tenantId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The configuration's version: a saved change on any instance makes it another entry. */
  updatedAt: Date;
}

/**
 * The client authentication the provider names (`token_endpoint_auth_methods_supported`): Basic is the
 * default of OIDC Discovery when the list is absent; Post where only Post is offered.
 */
function clientAuthFor(metadata: oidc.ServerMetadata, secret: string): oidc.ClientAuth {
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    return oidc.ClientSecretPost(secret);
  }
  return oidc.ClientSecretBasic(secret);
}

/** Discovers the provider at `issuer` (its document must name that very issuer) and sets up the client. */
export async function discoverClient(
  settings: Pick<ClientSettings, 'issuer' | 'clientId' | 'clientSecret'>,
  production: boolean,
): Promise<oidc.Configuration> {
  const options: oidc.DiscoveryRequestOptions = production
    ? { [oidc.customFetch]: publicHttpsFetch, timeout: IDP_TIMEOUT_SECONDS }
    : { execute: [oidc.allowInsecureRequests], timeout: IDP_TIMEOUT_SECONDS };
  const discovered = await oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.None(), options);
  const metadata = discovered.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new Error('the discovery document lacks the authorization, token or key endpoint');
  }
  const methods = metadata.code_challenge_methods_supported;
  if (methods && !methods.includes('S256')) throw new Error('the provider does not offer PKCE with S256');
  const config = new oidc.Configuration(
    metadata,
    settings.clientId,
    { client_secret: settings.clientSecret },
    clientAuthFor(metadata, settings.clientSecret),
  );
  config.timeout = IDP_TIMEOUT_SECONDS;
  if (production) config[oidc.customFetch] = publicHttpsFetch;
  else oidc.allowInsecureRequests(config);
  return config;
}

/**
 * Discovered configurations per employer, for this instance: a sign-in's start and its callback need
 * the provider's endpoints and keys, which rarely change. Keyed by the stored configuration's version,
 * so HR's change (read from the database on every request) takes effect at once on every instance.
 */
export class IssuerClients {
  private readonly kept = new Map<string, { version: string; config: oidc.Configuration; at: number }>();

  constructor(private readonly deps: { clock: Clock; production: boolean }) {}

  async configurationFor(settings: ClientSettings): Promise<oidc.Configuration> {
    const version = `${settings.issuer}|${settings.clientId}|${settings.updatedAt.toISOString()}`;
    const now = this.deps.clock.now().getTime();
    const known = this.kept.get(settings.tenantId);
    if (known && known.version === version && now - known.at < KEEP_MS) return known.config;
    const config = await discoverClient(settings, this.deps.production);
    if (this.kept.size >= KEEP_AT_MOST) this.kept.clear();
    this.kept.set(settings.tenantId, { version, config, at: now });
    return config;
  }
}
