import { z } from 'zod';

import type { Clock } from '../../lib/clock.js';
import { verifyCallback } from './callback.js';
import {
  CASE_KINDS,
  CASE_STATUSES,
  ProviderCaseNotFoundError,
  ProviderUnavailableError,
  type CaseKind,
  type IdentProvider,
  type ProviderCase,
  type StartCaseInput,
  type StartedCase,
} from './provider.js';

export interface HttpIdentProviderOptions {
  /**
   * The provider API root; requests go to `${baseUrl}/cases`. The simulator: `<origin>/simulator/api`.
   * A function is read per call (e.g. the app's own port, known only after listen).
   */
  baseUrl: string | (() => string);
  apiKey: string;
  callbackSecret: string;
  /** Per call, connection to last body byte (default 5000). */
  timeoutMs?: number;
  clock: Clock;
  fetchImpl?: typeof fetch;
  /** Consecutive failures that open the circuit (default 5) and how long it stays open (default 30 s). */
  circuit?: { failureThreshold?: number; openMs?: number };
  /** Largest answer accepted (default 32 MiB: signed PDFs travel base64 in JSON). */
  maxResponseBytes?: number;
}

const CASE_ID = /^[A-Za-z0-9_-]{8,128}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  });
const isoDate = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

const StartedCaseSchema = z.object({
  caseId: z.string().regex(CASE_ID),
  link: httpUrl,
  expiresAt: isoDate,
});

const ProviderCaseSchema = z.object({
  caseId: z.string().regex(CASE_ID),
  kind: z.enum(CASE_KINDS),
  status: z.enum(CASE_STATUSES),
  reference: z.string().max(500),
  completedAt: isoDate.nullable(),
  failureReason: z.string().max(500).nullable(),
  signedDocumentBase64: z.string().regex(BASE64).nullable(),
});

/** Closed -> (threshold consecutive failures) -> open -> (after openMs) half-open: one trial call. */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialRunning = false;

  constructor(
    private readonly clock: Clock,
    private readonly failureThreshold = 5,
    private readonly openMs = 30_000,
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return this.clock.now().getTime() - this.openedAt >= this.openMs ? 'half-open' : 'open';
  }

  /** Throws while open; in half-open lets exactly one trial call through. */
  enter(): void {
    const state = this.state;
    if (state === 'open' || (state === 'half-open' && this.trialRunning)) {
      throw new ProviderUnavailableError('Provider circuit open');
    }
    if (state === 'half-open') this.trialRunning = true;
  }

  success(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialRunning = false;
  }

  failure(): void {
    this.failures += 1;
    const wasTrial = this.trialRunning;
    this.trialRunning = false;
    if (wasTrial || this.failures >= this.failureThreshold) this.openedAt = this.clock.now().getTime();
  }

  /** The call ended without saying anything about the provider's health (e.g. a 4xx). */
  neutral(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialRunning = false;
  }
}

/** The real-service client: JSON over HTTP, bearer API key, short timeouts, no redirects. */
export function createHttpIdentProvider(options: HttpIdentProviderOptions): IdentProvider {
  const baseUrl = () =>
    (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  const breaker = new CircuitBreaker(options.clock, options.circuit?.failureThreshold, options.circuit?.openMs);

  /**
   * One call: the 2xx answer's JSON, checked by `read` (which throws on an unexpected body).
   * 404 -> ProviderCaseNotFoundError; everything else that goes wrong -> ProviderUnavailableError.
   */
  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, read: (json: unknown) => T): Promise<T> {
    breaker.enter();
    let outcome: 'success' | 'failure' | 'neutral' = 'failure';
    try {
      let url: string;
      try {
        url = `${baseUrl()}${path}`;
      } catch (error) {
        throw new ProviderUnavailableError('Provider address unknown', { cause: error });
      }
      const response = await fetchImpl(url, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((error: unknown) => {
        throw new ProviderUnavailableError(isTimeout(error) ? 'Provider timeout' : 'Provider unreachable', {
          cause: error,
        });
      });
      const status = response.status;
      if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
        await discard(response);
        throw new ProviderUnavailableError(`Provider answered with a redirect (${status})`, { status });
      }
      if (status >= 500 || status < 200) {
        await discard(response);
        throw new ProviderUnavailableError(`Provider error (${status})`, { status });
      }
      if (status >= 400) {
        await discard(response);
        // The provider is up and answered; the request itself was refused.
        outcome = 'neutral';
        if (status === 404) throw new ProviderCaseNotFoundError();
        throw new ProviderUnavailableError(`Provider refused the request (${status})`, { status });
      }
      const text = await readText(response, maxBytes);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new ProviderUnavailableError('Provider answered with malformed JSON', { status, cause: error });
      }
      const result = read(json);
      outcome = 'success';
      return result;
    } finally {
      if (outcome === 'success') breaker.success();
      else if (outcome === 'neutral') breaker.neutral();
      else breaker.failure();
    }
  }

  async function start(kind: CaseKind, input: Omit<StartCaseInput, 'kind'>): Promise<StartedCase> {
    const body = {
      kind,
      reference: input.reference,
      callbackUrl: input.callbackUrl,
      returnUrl: input.returnUrl,
      ...(input.document
        ? {
            document: {
              fileName: input.document.fileName,
              pdfBase64: Buffer.from(input.document.pdf).toString('base64'),
            },
          }
        : {}),
      ...(input.signerName === undefined ? {} : { signerName: input.signerName }),
    };
    return call('POST', '/cases', body, (json) => schemaRead(StartedCaseSchema, json));
  }

  return {
    startIdent: (input) => start('IDENT', input),
    startSign: (input) => {
      if (!input.document) return Promise.reject(new TypeError('startSign needs the document to sign'));
      return start('SIGN', input);
    },
    startLicenceCheck: (input) =>
      start('LICENCE_CHECK', {
        reference: input.reference,
        callbackUrl: input.callbackUrl,
        returnUrl: input.returnUrl,
      }),
    async getCase(caseId) {
      if (!CASE_ID.test(caseId)) throw new ProviderCaseNotFoundError('Invalid provider case id');
      return call('GET', `/cases/${encodeURIComponent(caseId)}`, undefined, (json): ProviderCase => {
        const data = schemaRead(ProviderCaseSchema, json);
        if (data.caseId !== caseId) throw new ProviderUnavailableError('Provider answered for another case');
        return {
          caseId: data.caseId,
          kind: data.kind,
          status: data.status,
          reference: data.reference,
          completedAt: data.completedAt,
          failureReason: data.failureReason,
          signedDocument:
            data.signedDocumentBase64 === null
              ? null
              : new Uint8Array(Buffer.from(data.signedDocumentBase64, 'base64')),
        };
      });
    },
    verifyCallback: (headers, rawBody) => verifyCallback(options.callbackSecret, headers, rawBody, options.clock.now()),
  };
}

function schemaRead<T>(schema: z.ZodType<T, unknown>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderUnavailableError('Provider answered with an unexpected body', { cause: parsed.error });
  }
  return parsed.data;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Reads the body as UTF-8 up to `maxBytes`; the timeout signal of the request still applies. */
async function readText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw new ProviderUnavailableError('Provider answer too large');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ProviderUnavailableError('Provider answer too large');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    throw new ProviderUnavailableError(isTimeout(error) ? 'Provider timeout' : 'Provider answer interrupted', {
      cause: error,
    });
  }
  return Buffer.concat(chunks).toString('utf8');
}
