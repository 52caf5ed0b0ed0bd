/**
 * The HTTP side of the CSC client: one time limit per request (answer read in full within it), no
 * redirects, typed errors a caller can act on, and a second attempt for reads only.
 */

/**
 * What went wrong, so a caller can leave its step unchanged and say why: `timeout` (no answer in
 * time), `unavailable` (network fault or 5xx), `authorization` (the signer's authorization is missing
 * or expired: authorize again), `refused` (another 4xx), `invalid-answer` (an answer we cannot accept,
 * e.g. a signature that does not match the hash).
 */
export type CscErrorKind = 'timeout' | 'unavailable' | 'authorization' | 'refused' | 'invalid-answer';

function kindOfStatus(status: number): CscErrorKind {
  if (status >= 500) return 'unavailable';
  if (status === 401) return 'authorization';
  return 'refused';
}

export class CscError extends Error {
  readonly kind: CscErrorKind;

  constructor(
    message: string,
    readonly status: number,
    kind?: CscErrorKind,
    /** The OAuth/CSC `error` code of the answer (e.g. invalid_grant), when it named one. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'CscError';
    this.kind = kind ?? kindOfStatus(status);
  }

  /** Worth trying again later (the service, not the request, was the problem). */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;

function errorCodeOf(detail: string): string | null {
  try {
    const parsed = JSON.parse(detail) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error.slice(0, 100) : null;
  } catch {
    return null;
  }
}

export function createCscTransport(config: { fetchImpl?: typeof fetch; timeoutMs?: number }) {
  const doFetch = config.fetchImpl ?? fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function attempt<T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T> {
    const path = new URL(url).pathname;
    try {
      const response = await doFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new CscError(
          `${path} answered ${response.status}: ${detail.slice(0, 200)}`,
          response.status,
          undefined,
          errorCodeOf(detail),
        );
      }
      return await read(response);
    } catch (error) {
      if (error instanceof CscError) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CscError(`${path} gave no answer within ${timeoutMs} ms`, 504, 'timeout');
      }
      if (error instanceof SyntaxError) throw new CscError(`${path} answered malformed JSON`, 502, 'invalid-answer');
      throw new CscError(`${path} not reachable: ${String((error as Error).message ?? error)}`, 503, 'unavailable');
    }
  }

  /**
   * A request; `idempotent` ones (reads: info, metadata, credentials, time stamps) are tried once more
   * after a timeout, a network fault or a 5xx. A token exchange, an authorization or a signHash is
   * never repeated by us.
   */
  async function call<T>(
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<T>,
    idempotent: boolean,
  ): Promise<T> {
    try {
      return await attempt(url, init, read);
    } catch (error) {
      if (!idempotent || !(error instanceof CscError) || !error.transient) throw error;
      return attempt(url, init, read);
    }
  }

  const json = <T>(r: Response) => r.json() as Promise<T>;

  return {
    postJson<T>(url: string, body: unknown, bearer: string | undefined, idempotent: boolean): Promise<T> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      return call(url, { method: 'POST', headers, body: JSON.stringify(body) }, json<T>, idempotent);
    },

    getJson<T>(url: string): Promise<T> {
      return call(url, { method: 'GET', headers: { accept: 'application/json' } }, json<T>, true);
    },

    /** The token endpoint (RFC 6749 3.2): form-encoded, the client's secret in the body or as Basic. */
    postForm<T>(
      url: string,
      form: Record<string, string>,
      client: { clientId: string; clientSecret: string; basic: boolean },
    ): Promise<T> {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      const fields = { ...form };
      if (client.basic) {
        // RFC 6749 2.3.1: both parts form-encoded before Base64.
        const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
        headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
      } else {
        fields.client_id = client.clientId;
        fields.client_secret = client.clientSecret;
      }
      return call(url, { method: 'POST', headers, body: new URLSearchParams(fields) }, json<T>, false);
    },

    /** RFC 3161 over HTTP: a time-stamp request changes nothing at the TSA, safe to repeat. */
    postTimestampQuery(url: string, requestDer: Buffer): Promise<Buffer> {
      const init = { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: requestDer };
      return call(url, init, async (r) => Buffer.from(await r.arrayBuffer()), true);
    },
  };
}
