import { SiteConfigSchema, type SiteConfig } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppConfig } from '../../config/env.js';

/** The same for every visitor and changed only by a redeploy: browsers may keep it for a few minutes. */
const CACHE_CONTROL = 'public, max-age=300';

export function siteConfigOf(config: Pick<AppConfig, 'analytics'>): SiteConfig {
  const { analytics } = config;
  return {
    analytics: analytics
      ? { scriptUrl: analytics.scriptUrl, site: analytics.site, host: new URL(analytics.scriptUrl).host }
      : null,
  };
}

export function siteConfigRoutes(config: Pick<AppConfig, 'analytics'>): FastifyPluginAsyncZod {
  const answer = siteConfigOf(config);
  return async (app) => {
    app.get(
      '/v1/site-config',
      {
        schema: {
          tags: ['system'],
          summary: 'What the browser needs before sign-in: the page analytics (null when there is none)',
          response: { 200: SiteConfigSchema },
        },
      },
      async (_request, reply) => reply.header('cache-control', CACHE_CONTROL).send(answer),
    );
  };
}
