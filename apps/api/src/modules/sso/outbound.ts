import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

import { isInnerAddress } from '../../lib/inner-addresses.js';

/**
 * The calls to an employer's identity provider in production (discovery, keys, token, userinfo): the
 * issuer is typed in by HR, so it must not reach into our own network (security checklist 30, OWASP
 * API7). HTTPS only, and every address the name resolves to is checked when the connection is made,
 * not when the issuer is saved: a name that resolves to a private address later is refused then.
 * Redirects are not followed (openid-client asks for `redirect: 'manual'`), answers are capped. The
 * addresses are judged by `lib/inner-addresses.ts`, the same table the webhooks' deliveries use.
 */

export class RefusedDestination extends Error {
  constructor(host: string) {
    super(`outbound call to ${host} refused: not a public address`);
    this.name = 'RefusedDestination';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** `lookup` of the connection: all addresses of the name, refused when any of them is not public. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => isInnerAddress(a.address))) {
      return callback(new RefusedDestination(hostname), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new RefusedDestination(hostname), []);
    return callback(null, first.address, first.family);
  });
}

/** The largest answer taken from an identity provider (a discovery document, a key set, tokens). */
const MAX_ANSWER_BYTES = 1024 * 1024;

interface OutboundInit {
  body?: unknown;
  headers: Record<string, string>;
  method: string;
  signal?: AbortSignal;
}

function bodyBytes(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new TypeError('unsupported request body');
}

/**
 * A `fetch` for openid-client's `customFetch`: HTTPS to public addresses only, no redirects followed,
 * the answer read whole (up to 1 MiB) into a Response.
 */
export function publicHttpsFetch(url: string, init: OutboundInit): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== 'https:') return Promise.reject(new RefusedDestination(target.host));
  // A literal address is connected to without a lookup: checked here instead.
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(literal) !== 0 && isInnerAddress(literal)) return Promise.reject(new RefusedDestination(target.host));
  const body = bodyBytes(init.body);
  return new Promise<Response>((resolve, reject) => {
    const request = https.request(
      target,
      {
        method: init.method,
        headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        lookup: guardedLookup as unknown as net.LookupFunction,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy(new Error('answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            else if (value !== undefined) headers.set(name, value);
          }
          const status = response.statusCode ?? 502;
          const empty = status === 204 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
