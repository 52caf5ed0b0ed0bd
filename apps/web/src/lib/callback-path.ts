/** Query parameter that carries the page to return to after signing in (spec 2.2). */
export const CALLBACK_PARAM = 'callbackPath';

const PROBE_ORIGIN = 'https://app.invalid';
// Browsers drop tabs/newlines and read `\` as `/` in URLs, so `/\evil.com` or `/\t/evil.com` would become `//evil.com`.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const FORBIDDEN_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/**
 * True only for a path on this site: starts with one `/` (not `//`, which is another host), carries no
 * scheme, no backslash and no control character, and stays on our origin when resolved.
 */
export function isSafeCallbackPath(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (FORBIDDEN_CHARACTERS.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** Where to go after a successful login: the callback path if it is safe, else `/`. */
export function resolveCallbackPath(value: string | null | undefined): string {
  if (!isSafeCallbackPath(value)) return '/';
  // Returning to the sign-in or sign-out page after signing in would undo or repeat it.
  const pathname = new URL(value, PROBE_ORIGIN).pathname;
  if (pathname === '/login' || pathname === '/logout') return '/';
  return value;
}

/**
 * The login URL for a visitor without auth data at `pathname` + `search`: the current location goes
 * into `callbackPath` only when the path is longer than `/` (spec 2.2).
 */
export function loginPathFor(pathname: string, search = ''): string {
  if (pathname.length <= 1) return '/login';
  return `/login?${new URLSearchParams({ [CALLBACK_PARAM]: `${pathname}${search}` }).toString()}`;
}
