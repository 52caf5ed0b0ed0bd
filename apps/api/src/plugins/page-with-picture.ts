import { promisify } from 'node:util';
import zlib from 'node:zlib';

import { negotiate } from '@fastify/accept-negotiator';
import { PAGE_PICTURE_SLOT } from '@leasing/contract';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/** The build's name for a page's variant that shows the page's picture (apps/web/scripts/prerender.mjs). */
export const WITH_PICTURE = '.with-picture.html';

interface FilledPage {
  body: Buffer;
  encoding: Encoding;
}

/**
 * A prerendered page whose snapshot shows the page's picture, filled in per request: the build wrote it
 * with PAGE_PICTURE_SLOT where the picture goes. The filled page is compressed like the build's own
 * copies (Brotli, else gzip, as the browser accepts), off the event loop, and kept per picture and
 * encoding: a catalogue has a bounded number of vehicles, and each is asked for again and again.
 */
export function pageWithPicture(template: string) {
  if (!template.includes(PAGE_PICTURE_SLOT)) throw new Error(`a page with a picture lacks ${PAGE_PICTURE_SLOT}`);
  const filled = new LRUCache<string, Buffer>({ max: 500 });

  return async (picture: string, acceptEncoding: string | undefined): Promise<FilledPage> => {
    const encoding = negotiate(acceptEncoding ?? '', ENCODINGS) ?? 'identity';
    const key = `${encoding} ${picture}`;
    const cached = filled.get(key);
    if (cached) return { body: cached, encoding };
    const html = Buffer.from(template.replaceAll(PAGE_PICTURE_SLOT, escapeAttribute(picture)));
    const body =
      encoding === 'br'
        ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : encoding === 'gzip'
          ? await gzip(html, { level: 9 })
          : html;
    filled.set(key, body);
    return { body, encoding };
  };
}

/** The picture's address goes into an attribute in double quotes. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
