import crypto from 'node:crypto';
import zlib from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * A JSON answer ready to send: the bytes, compressed once with brotli and gzip when it is made (not on
 * every request), and a strong ETag from the content, so every instance names the same answer alike
 * and a revalidation on any instance can answer 304.
 */
export interface PreparedAnswer {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Answers below this size are sent as they are: compressing them saves nothing worth a CPU cycle. */
const COMPRESS_FROM_BYTES = 1_024;

export function prepareAnswer(json: string): PreparedAnswer {
  const bytes = Buffer.from(json, 'utf8');
  const compress = bytes.length >= COMPRESS_FROM_BYTES;
  return {
    json: bytes,
    // Quality 5: most of brotli's gain at a fraction of its top setting's time (answers change often).
    br: compress
      ? zlib.brotliCompressSync(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : Buffer.alloc(0),
    gzip: compress ? zlib.gzipSync(bytes, { level: 6 }) : Buffer.alloc(0),
    etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`,
  };
}

/**
 * Prepared answers by key, bounded by their bytes (not their number): one user inventing filter values
 * cannot grow the process, the least recently used answers go first.
 */
export class AnswerCache {
  private readonly entries: LRUCache<string, PreparedAnswer>;

  constructor(
    maxBytes: number,
    private readonly onLookup: (hit: boolean) => void = () => undefined,
  ) {
    this.entries = new LRUCache<string, PreparedAnswer>({
      maxSize: maxBytes,
      sizeCalculation: (answer, key) =>
        Math.max(1, answer.json.length + answer.br.length + answer.gzip.length + key.length * 2),
    });
  }

  async getOrMake(key: string, make: () => Promise<string> | string): Promise<PreparedAnswer> {
    const cached = this.entries.get(key);
    this.onLookup(cached !== undefined);
    if (cached) return cached;
    const answer = prepareAnswer(await make());
    this.entries.set(key, answer);
    return answer;
  }

  /** Bytes held (for metrics and the memory test). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Sends a prepared answer: 304 when the client already holds it, else the best encoding it accepts.
 * `private, no-cache`: only the person's own browser may keep it, and must ask each time (a cheap
 * 304 when nothing changed); logout clears that cache (Clear-Site-Data).
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  void reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding =
    answer.br.length > 0 && acceptsEncoding(accepted, 'br')
      ? 'br'
      : answer.gzip.length > 0 && acceptsEncoding(accepted, 'gzip')
        ? 'gzip'
        : null;
  void reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? answer.br : answer.gzip);
}

function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((v) => v.trim());
  return values.includes(etag) || values.includes(`W/${etag}`) || values.includes('*');
}

function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
