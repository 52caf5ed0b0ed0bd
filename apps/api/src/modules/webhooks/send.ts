import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

import { Webhook } from 'standardwebhooks';

import { addressRefusal, literalAddress, type TargetPolicy } from '../../lib/inner-addresses.js';
import { urlRefusal } from './targets.js';

/** A host name's addresses, as `dns.lookup` answers them (injected in tests). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A receiver gets this long for its answer, connect included: a hanging one costs one slot this long. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer the log keeps. */
export const EXCERPT_CHARS = 500;
/** What is read of an answer at most: enough for the excerpt; the rest is not waited for. */
const READ_BYTES = 4_096;

export interface SignedRequest {
  url: string;
  /** `whsec_…` */
  secret: string;
  messageId: string;
  body: string;
  /** The attempt's moment: the `webhook-timestamp` and the signature's. */
  at: Date;
}

export interface SendOptions {
  policy: TargetPolicy;
  resolve: Resolver;
  timeoutMs: number;
}

export interface SendOutcome {
  statusCode: number | null;
  responseExcerpt: string | null;
  /** Why there was no answer (German), null when the receiver answered. */
  error: string | null;
  durationMs: number;
}

/** The Standard Webhooks headers of one attempt: the signature over `id.timestamp.body`. */
export function signedHeaders(request: SignedRequest): Record<string, string> {
  return {
    'webhook-id': request.messageId,
    'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
    'webhook-signature': new Webhook(request.secret).sign(request.messageId, request.at, request.body),
  };
}

class Refused extends Error {}

/**
 * The address to connect to: the URL's literal, or the host's resolved addresses, every one of them
 * allowed (a name that also points inside is refused as a whole), IPv4 first. Throws `Refused`.
 */
async function checkedAddress(url: URL, options: SendOptions): Promise<string> {
  const refusal = urlRefusal(url.href, options.policy);
  if (refusal) throw new Refused(refusal);
  const literal = literalAddress(url.hostname);
  if (literal) return literal;
  let found: { address: string; family: number }[];
  try {
    found = await options.resolve(url.hostname);
  } catch {
    throw new Refused(`Der Name ${url.hostname} lässt sich nicht auflösen.`);
  }
  if (found.length === 0) throw new Refused(`Der Name ${url.hostname} lässt sich nicht auflösen.`);
  for (const { address } of found) {
    const refused = addressRefusal(address, options.policy);
    if (refused) throw new Refused(`${url.hostname} zeigt auf ${address}. ${refused}`);
  }
  return [...found].sort((a, b) => (net.isIPv4(a.address) ? 0 : 1) - (net.isIPv4(b.address) ? 0 : 1))[0]?.address ?? '';
}

/** The answer's first characters, one line, without control characters. */
function excerptOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  const text = bytes
    .toString('utf8')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  return text === '' ? null : text.slice(0, EXCERPT_CHARS);
}

/**
 * One signed POST. The connection goes to the checked address itself (the host name travels as the
 * `Host` header and, for TLS, as SNI and the name the certificate must carry), no redirect is
 * followed, and the whole attempt ends after `timeoutMs`. Never throws: the outcome says what happened.
 */
export async function sendSigned(request: SignedRequest, options: SendOptions): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  let address: string;
  try {
    address = await checkedAddress(url, options);
  } catch (error) {
    const message = error instanceof Refused ? error.message : 'Das Ziel ließ sich nicht prüfen.';
    return { statusCode: null, responseExcerpt: null, error: message, durationMs: elapsed() };
  }
  const secure = url.protocol === 'https:';
  const literal = literalAddress(url.hostname) !== null;
  const body = Buffer.from(request.body, 'utf8');
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const req = (secure ? https : http).request({
      host: address,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      // One connection per attempt: nothing pooled outlives the check it was made after.
      agent: false,
      ...(secure && !literal ? { servername: url.hostname } : {}),
      headers: {
        host: url.host,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'E-Auto-Leasing-Webhooks/1',
        ...signedHeaders(request),
      },
    });
    // Set once the status line is in: a receiver that answered but never finished its body still answered.
    let answered: (() => void) | null = null;
    const timer = setTimeout(() => {
      answered?.();
      req.destroy();
      finish({
        statusCode: null,
        responseExcerpt: null,
        error: `Zeitüberschreitung nach ${options.timeoutMs >= 1_000 ? `${Math.round(options.timeoutMs / 1_000)} s` : `${options.timeoutMs} ms`}`,
      });
    }, options.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        finish({ statusCode: res.statusCode ?? null, responseExcerpt: excerptOf(Buffer.concat(chunks)), error: null });
        res.destroy();
      };
      answered = done;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= READ_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({ statusCode: null, responseExcerpt: null, error: connectionError(error) });
    });
    req.end(body);
  });
}

/** A failed connection in German, with the system's code for whoever runs the receiver. */
function connectionError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return 'Verbindung abgelehnt (ECONNREFUSED)';
  if (error.code === 'ECONNRESET') return 'Verbindung abgebrochen (ECONNRESET)';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return `TLS-Fehler (${error.code})`;
  return `Verbindungsfehler${error.code ? ` (${error.code})` : ''}`;
}
