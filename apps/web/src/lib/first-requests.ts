/**
 * Answers the head script (public/before-first-paint.js) asked for while the page's scripts were still
 * loading: a first view's page names the GET requests its routes start first (`data-first-requests`,
 * scripts/prerender.mjs), and with a stored session the head script sends them at once instead of after
 * the scripts have run. The API client takes each over once, for the same address and token.
 */
export interface FirstRequest {
  /** The access token it was sent with. */
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    leasingFirstRequests?: Record<string, FirstRequest | undefined>;
  }
}

/**
 * The answer the head script asked for at `url` with `accessToken`, the first time it is asked for;
 * `undefined` when there is none (then the caller sends the request itself). An answer sent with another
 * token (the session was renewed meanwhile) is left unread.
 */
export function takeFirstRequest(url: string, accessToken: string | undefined): Promise<Response> | undefined {
  const requests = typeof window === 'undefined' ? undefined : window.leasingFirstRequests;
  const request = requests?.[url];
  if (!requests || !request) return undefined;
  requests[url] = undefined;
  return request.token === accessToken ? request.response : undefined;
}
