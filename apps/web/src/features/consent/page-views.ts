import type { Analytics } from './consent-store';

/**
 * Page views for a Plausible-compatible script in manual mode: the app says which page was seen, so
 * it decides what the analytics host learns. It learns the route, never its values: an invitation
 * or password-reset code in a path, an order number or a query string stay in the browser.
 */
type PlausibleCall = (event: 'pageview', options: { u: string }) => void;
type PlausibleQueue = PlausibleCall & { q?: unknown[][] };

declare global {
  interface Window {
    plausible?: PlausibleQueue;
  }
}

export interface RouteMatch {
  pathname: string;
  params: Record<string, string | undefined>;
}

/** `/order/123/workflow` with `{orderId: '123'}` becomes `/order/:orderId/workflow`; a 404's rest becomes `*`. */
export function routePattern(pathname: string, params: RouteMatch['params']): string {
  const named = Object.entries(params).filter(([name, value]) => name !== '*' && value);
  const splat = params['*'];
  let path = pathname;
  if (splat) path = `${path.slice(0, path.length - encodeURI(splat).length).replace(/\/?$/, '/')}*`;
  const segments = path.split('/').map((segment) => {
    const param = named.find(([, value]) => segment === encodeURIComponent(value ?? '') || segment === value);
    return param ? `:${param[0]}` : segment;
  });
  return segments.join('/') || '/';
}

/** What is reported: this site's origin plus the route pattern, no query, no fragment. */
export function pageViewUrl(origin: string, pathname: string, params: RouteMatch['params']): string {
  return `${origin}${routePattern(pathname, params)}`;
}

/**
 * Calls made before the script has arrived wait in its queue, the pattern Plausible's script reads
 * when it starts.
 */
function plausible(): PlausibleQueue {
  window.plausible ??= Object.assign(
    (...args: Parameters<PlausibleCall>) => {
      const queue = window.plausible as PlausibleQueue;
      (queue.q ??= []).push(args);
    },
    { q: [] as unknown[][] },
  );
  return window.plausible;
}

let scriptAdded = false;

/** Adds the analytics script once; the CSP lets exactly its origin in (server configuration). */
export function loadAnalyticsScript(analytics: Analytics, head: Pick<Node, 'appendChild'> = document.head): void {
  if (scriptAdded) return;
  scriptAdded = true;
  plausible();
  const script = document.createElement('script');
  script.defer = true;
  script.src = analytics.scriptUrl;
  script.dataset['domain'] = analytics.site;
  script.dataset['testid'] = 'analytics-script';
  head.appendChild(script);
}

export function reportPageView(url: string): void {
  plausible()('pageview', { u: url });
}

/** For tests: forget the added script and the queue. */
export function resetPageViewsForTest(): void {
  scriptAdded = false;
  delete window.plausible;
}
