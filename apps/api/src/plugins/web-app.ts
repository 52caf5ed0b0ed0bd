import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { notFound } from '../lib/errors.js';
import { pageWithPicture, WITH_PICTURE } from './page-with-picture.js';

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
  options: WebAppOptions = {},
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  const files = builtFiles(webDistDir);
  const prerendered = prerenderedPages(files);
  const withPicture = picturePages(webDistDir, files);
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
    const picture = await largestPicture(options, pathname, request);
    if (picture) reply.header('link', `<${picture}>; rel=preload; as=image; fetchpriority=high`);
    reply.header('cache-control', 'no-cache');
    const page = prerendered(pathname) ?? 'index.html';
    const fill = picture ? withPicture.get(page) : undefined;
    if (!picture || !fill) return reply.sendFile(page);
    // The page before its data with the picture in it: it paints before the scripts have loaded.
    const { body, encoding } = await fill(picture, request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8').send(body);
  });
}

export interface WebAppOptions {
  /**
   * The picture a page shows largest, if known from its path alone: the answer names it (a `Link`
   * preload), so the browser fetches it while the scripts load, not once they have run.
   */
  largestPicture?: (pathname: string) => Promise<string | null>;
}

/** A lookup that fails costs the page its head start, never the page. */
async function largestPicture(
  options: WebAppOptions,
  pathname: string,
  request: FastifyRequest,
): Promise<string | null> {
  if (!options.largestPicture) return null;
  try {
    return await options.largestPicture(pathname);
  } catch (error) {
    request.log.warn({ err: error, pathname }, 'picture for the page could not be looked up');
    return null;
  }
}

/**
 * The pages whose build wrote a variant with the page's picture in it, by the page's file
 * (`vehicle/[vehicleId].with-picture.html` beside `vehicle/[vehicleId].html`): the variant is answered
 * when the server knows the picture (WebAppOptions.largestPicture), the page itself when not.
 */
function picturePages(webDistDir: string, files: string[]): Map<string, ReturnType<typeof pageWithPicture>> {
  const pages = new Map<string, ReturnType<typeof pageWithPicture>>();
  for (const file of files.filter((name) => name.endsWith(WITH_PICTURE))) {
    const template = fs.readFileSync(path.join(webDistDir, file), 'utf8');
    pages.set(`${file.slice(0, -WITH_PICTURE.length)}.html`, pageWithPicture(template));
  }
  return pages;
}

/** Every file of the build, as a path with forward slashes. */
function builtFiles(webDistDir: string): string[] {
  return fs.existsSync(webDistDir)
    ? fs.readdirSync(webDistDir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(path.sep).join('/'))
    : [];
}

/**
 * The pages the build prepared ahead (apps/web/scripts/prerender.mjs): every HTML file but index.html
 * and the variants with a picture (picturePages), for the path it stands for (`login.html` for /login,
 * `profile/salary.html` for /profile/salary). A segment in brackets (`vehicle/[vehicleId].html`) stands
 * for any one segment; a page without one wins.
 */
function prerenderedPages(files: string[]): (pathname: string) => string | undefined {
  const pages = files
    .filter((file) => file.endsWith('.html') && file !== 'index.html' && !file.endsWith(WITH_PICTURE))
    .map((file) => ({ file, segments: file.slice(0, -'.html'.length).split('/') }))
    .map((page) => ({ ...page, wildcards: page.segments.filter(isWildcard).length }))
    .sort((a, b) => a.wildcards - b.wildcards);
  return (pathname) => {
    const segments = pathname.split('/').slice(1);
    return pages.find(
      (page) =>
        page.segments.length === segments.length &&
        page.segments.every((segment, i) => segments[i] !== '' && (isWildcard(segment) || segment === segments[i])),
    )?.file;
  };
}

const isWildcard = (segment: string) => segment.startsWith('[') && segment.endsWith(']');
