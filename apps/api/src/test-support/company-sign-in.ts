import type { LoginResponse, TenantSsoConfig } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import { ssoIdentities } from '../db/schema-sso.js';
import { users } from '../db/schema.js';
import { runAsSystem } from '../db/scope.js';
import { bearer, type TestApp } from './harness.js';
import { IdpBrowser, TEST_IDP_CLIENT_ID, TEST_IDP_CLIENT_SECRET, TestIdp } from './test-idp.js';

/**
 * The company sign-in's steps as a browser takes them (modules/sso tests): the app's start and callback
 * through `inject` with the sign-in cookie, the identity provider over real HTTP.
 */

/** The sign-in cookie's name over plain HTTP (the tests' PUBLIC_URL). */
export const SSO_COOKIE = 'leasing_sso';

export const callbackUrlOf = (t: TestApp) => `${t.config.publicUrl}/v1/auth/sso/callback`;

export const startIdp = (t: TestApp) => TestIdp.start(callbackUrlOf(t));

export async function saveSso(
  t: TestApp,
  adminToken: string,
  body: Record<string, unknown>,
): Promise<{
  status: number;
  body: TenantSsoConfig & { code?: string; errors?: { field: string; message: string }[]; message?: string };
}> {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/v1/tenant/sso',
    headers: bearer(adminToken),
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** The configuration of an employer whose people sign in at `idp` with addresses of `domains`. */
export const ssoConfig = (idp: TestIdp, domains: string[], extra: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: TEST_IDP_CLIENT_ID,
  clientSecret: TEST_IDP_CLIENT_SECRET,
  emailDomains: domains,
  enabled: true,
  requireSso: false,
  ...extra,
});

export interface Started {
  status: number;
  location: string;
  /** The browser's sign-in cookie (absent when the start refused). */
  cookie: string | undefined;
}

export async function startSso(t: TestApp, email: string): Promise<Started> {
  const response = await t.app.inject({ method: 'GET', url: `/v1/auth/sso/start?email=${encodeURIComponent(email)}` });
  const cookie = response.cookies.find((c) => c.name === SSO_COOKIE && c.value !== '');
  return { status: response.statusCode, location: String(response.headers.location ?? ''), cookie: cookie?.value };
}

/** The callback as the browser reaches it (path and query of the provider's redirect), with its cookie. */
export async function callback(t: TestApp, url: URL | string, cookie: string | undefined): Promise<string> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const response = await t.app.inject({
    method: 'GET',
    url: `${target.pathname}${target.search}`,
    ...(cookie ? { cookies: { [SSO_COOKIE]: cookie } } : {}),
  });
  if (response.statusCode !== 302) throw new Error(`callback answered ${response.statusCode}: ${response.body}`);
  return String(response.headers.location);
}

export async function exchange(
  t: TestApp,
  code: string,
  cookie: string | undefined,
): Promise<{ status: number; body: LoginResponse & { code?: string } }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sso/exchange',
    payload: { code },
    ...(cookie ? { cookies: { [SSO_COOKIE]: cookie } } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** The one-time code or the refusal's reason of the app's page a callback sent the browser to. */
export function landing(location: string): { code?: string; error?: string } {
  const url = new URL(location, 'http://app.invalid');
  if (url.pathname !== '/login/sso') throw new Error(`unexpected landing ${location}`);
  const code = url.searchParams.get('code');
  const error = url.searchParams.get('error');
  return { ...(code ? { code } : {}), ...(error ? { error } : {}) };
}

/**
 * The whole way: start with `email`, `account` signs in at the provider, back through the callback.
 * Answers where the app sent the browser and its cookie.
 */
export async function throughIdp(
  t: TestApp,
  idp: TestIdp,
  email: string,
  account: string,
  options: { amr?: string[] } = {},
): Promise<{ landed: { code?: string; error?: string }; cookie: string | undefined }> {
  const started = await startSso(t, email);
  if (!started.location.startsWith(idp.issuer)) return { landed: landing(started.location), cookie: undefined };
  const back = await new IdpBrowser(idp).signIn(started.location, account, options);
  return { landed: landing(await callback(t, back, started.cookie)), cookie: started.cookie };
}

/** Accounts and links in the database, to show that a refusal created nothing. */
export async function accountsAndLinks(t: TestApp): Promise<{ users: number; links: number }> {
  const db = t.runtime.database.db;
  return runAsSystem(async () => ({
    users: (await db.select({ id: users.id }).from(users)).length,
    links: (await db.select({ id: ssoIdentities.id }).from(ssoIdentities)).length,
  }));
}

export async function userByEmail(t: TestApp, email: string) {
  const db = t.runtime.database.db;
  const [row] = await runAsSystem(() => db.select().from(users).where(eq(users.email, email)));
  return row;
}
