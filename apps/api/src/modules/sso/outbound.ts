import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

/**
 * The calls to an employer's identity provider in production (discovery, keys, token, userinfo): the
 * issuer is typed in by HR, so it must not reach into our own network (security checklist 30, OWASP
 * API7). HTTPS only, and every address the name resolves to is checked when the connection is made,
 * not when the issuer is saved: a name that resolves to a private address later is refused then.
 * Redirects are not followed (openid-client asks for `redirect: 'manual'`), answers are capped.
 */

/** Loopback, private, link-local (cloud metadata at 169.254.169.254), shared, multicast and reserved ranges. */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64-translated addresses would carry a blocked IPv4 address past the list above (mapped ones:
  // see `refusedAddress`; BlockList checks an IPv4 address against its mapped IPv6 rules too, so the
  // mapped range cannot be a rule here without refusing every IPv4 address).
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is one the platform must not call from the outside world's configuration. */
export function refusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const mapped = mappedIpv4(address);
  return mapped ? BLOCKED.check(mapped, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`), if it is one. */
function mappedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (!match?.[1]) return null;
  if (net.isIPv4(match[1])) return match[1];
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(match[1]);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

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
    if (addresses.length === 0 || addresses.some((a) => refusedAddress(a.address))) {
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
  if (net.isIP(literal) !== 0 && refusedAddress(literal)) return Promise.reject(new RefusedDestination(target.host));
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
