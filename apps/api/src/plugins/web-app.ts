import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { notFound } from '../lib/errors.js';

/** Paths owned by the API: never answered with the SPA's index.html. */
const API_PREFIXES = ['/v1/', '/locales/', '/docs', '/openapi.json', '/health', '/dev/', '/media/', '/simulator/'];

/**
 * Serves the built web app from one port with the API. Any other GET path answers index.html so the
 * client router can take it (SPA fallback), or the page the build prerendered for that path. Hashed
 * assets are cached for a year; the pages never. Text assets go out Brotli- or gzip-compressed from the
 * copies the build made, when the browser accepts it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const prerendered = prerenderedPages(webDistDir);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => pathname.startsWith(p));
    if (!isPage) {
      // Unknown API paths answer 401 to anonymous callers: the route table is not public knowledge.
      if (pathname.startsWith('/v1/')) await authenticate(request, reply);
      throw notFound();
    }
    if (!hasWebApp) {
      return reply.code(503).type('text/plain; charset=utf-8').send('Die Web-App ist nicht gebaut: npm run build');
    }
    // A file-looking path that does not exist (e.g. /missing.js) is a 404, not the app.
    if (path.extname(pathname) && pathname !== '/index.html') throw notFound();
    return reply.header('cache-control', 'no-cache').sendFile(prerendered.get(pathname) ?? 'index.html');
  });
}

/**
 * The pages the build rendered ahead (apps/web/scripts/prerender.mjs writes `login.html` for /login):
 * every other HTML file beside index.html, by the path it stands for.
 */
function prerenderedPages(webDistDir: string): Map<string, string> {
  const files = fs.existsSync(webDistDir) ? fs.readdirSync(webDistDir) : [];
  const pages = files.filter((file) => file.endsWith('.html') && file !== 'index.html');
  return new Map(pages.map((file) => [`/${path.basename(file, '.html')}`, file]));
}
