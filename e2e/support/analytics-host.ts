import http from 'node:http';

import { freePort } from './app-server.js';

export interface AnalyticsRequest {
  method: string;
  path: string;
  /** For page views: the `u` the page sent. */
  url?: string;
}

export interface AnalyticsHost {
  origin: string;
  scriptUrl: string;
  requests: AnalyticsRequest[];
  pageViews(): string[];
  close(): Promise<void>;
}

/**
 * A stand-in for a self-hosted Plausible: serves a manual-mode script that works through the queue
 * the page filled (`window.plausible.q`) and then posts each page view to `/api/event`, as the real one
 * does. Every request it gets is recorded, so a journey can prove that nothing reached it.
 */
const SCRIPT = `(function () {
  var script = document.currentScript;
  var endpoint = new URL('/api/event', script.src).href;
  function send(name, options) {
    fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ n: name, u: (options && options.u) || location.href, d: script.dataset.domain }),
      keepalive: true,
    });
  }
  var queued = (window.plausible && window.plausible.q) || [];
  window.plausible = send;
  queued.forEach(function (args) { send.apply(null, args); });
})();`;

export async function startAnalyticsHost(): Promise<AnalyticsHost> {
  const requests: AnalyticsRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      const url = path === '/api/event' ? (JSON.parse(body || '{}') as { u?: string }).u : undefined;
      requests.push({ method: request.method ?? 'GET', path, ...(url ? { url } : {}) });
      response.setHeader('access-control-allow-origin', '*');
      if (path === '/js/script.manual.js') {
        response.setHeader('content-type', 'application/javascript');
        response.end(SCRIPT);
      } else {
        response.statusCode = path === '/api/event' ? 202 : 404;
        response.end();
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String(port)}`;
  return {
    origin,
    scriptUrl: `${origin}/js/script.manual.js`,
    requests,
    pageViews: () => requests.flatMap((r) => (r.url ? [r.url] : [])),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
