import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

import type { AppConfig } from '../config/env.js';

/**
 * Helmet's headers (content security policy, nosniff, frame and referrer rules, HSTS, …) on every
 * answer. The middleware is built once: the Fastify wrapper built it anew for every request, parsing
 * the policy each time (about 5 % of a signed-in answer's processor time, ADR 0044). A route that
 * needs a narrower policy sets its own header; the reply's headers win over these.
 */
export function registerSecurityHeaders(app: FastifyInstance, analytics: AppConfig['analytics']): void {
  const applyHeaders = helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(analytics) } });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}

function contentSecurityPolicy(analytics: AppConfig['analytics']): Record<string, string[]> {
  // The analytics host may serve its script and take page views, nothing more; it is absent when unset.
  const analyticsOrigin = analytics ? [new URL(analytics.scriptUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...analyticsOrigin],
    // Mantine sets CSS variables through style attributes and <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...analyticsOrigin],
    // The contract preview shows a PDF the app fetched with the bearer token, as a blob URL.
    frameSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}
