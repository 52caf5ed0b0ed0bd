import crypto from 'node:crypto';
import querystring from 'node:querystring';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { z } from 'zod';

import type { Clock } from '../../lib/clock.js';
import { SIGNATURE_HEADER, signCallback } from './callback.js';
import { CASE_KINDS, type CaseKind, type CaseStatus } from './provider.js';

/**
 * A local stand-in for the external identity/signature provider, used in development, demo and
 * tests. It behaves like the real service as far as the application can tell: an authenticated
 * JSON API to open and read cases, an unguessable link to a provider page where the user acts,
 * asynchronous completion, signed callbacks with retries, expiry, and injectable failures.
 *
 * Cases live in memory only: a restart forgets them, which the application sees like a provider
 * outage (unknown case -> 404 -> ProviderCaseNotFoundError), and the step simply starts again once
 * the old case has expired.
 *
 * Register with `{ prefix: '/simulator' }`; links are built from `publicBaseUrl` plus that prefix.
 */
export type FaultMode = 'none' | 'error500' | 'timeout' | 'redirect' | 'malformed';
export type SimulatorOutcome = 'success' | 'failure' | 'cancel';

export interface SimulatorCase {
  caseId: string;
  kind: CaseKind;
  reference: string;
  callbackUrl: string;
  returnUrl: string;
  document: { fileName: string; pdf: Uint8Array } | null;
  signerName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** What the user chose on the page; the case completes `completionDelayMs` later. */
  outcome: SimulatorOutcome | null;
  outcomeAt: Date | null;
  /** Stored status; EXPIRED is derived when reading (see `caseStatus`). */
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  completedAt: Date | null;
  failureReason: string | null;
  signedDocument: Uint8Array | null;
}

export interface CallbackDelivery {
  eventId: string;
  caseId: string;
  status: CaseStatus;
  attempts: number;
  delivered: boolean;
  lastError: string | null;
}

export interface SimulatorOptions {
  apiKey: string;
  callbackSecret: string;
  /** The origin users reach the app at, e.g. http://localhost:3000 (a function is read per case). */
  publicBaseUrl: string | (() => string);
  clock: Clock;
  /** Delay between the user's choice and the case completing (default 1500 ms, a real timer). */
  completionDelayMs?: number;
  /** Case lifetime measured on `clock` (default 30 min). */
  caseLifetimeMs?: number;
  store?: SimulatorStore;
  fetchImpl?: typeof fetch;
  /** Waits before callback retries (default 1 s, 5 s, 30 s: four attempts in all). */
  callbackRetryDelaysMs?: number[];
  /** How long a "timeout" fault hangs (default 30 s; ends early when the client goes away or on close). */
  faultHangMs?: number;
}

const DEFAULT_COMPLETION_DELAY_MS = 1500;
const DEFAULT_CASE_LIFETIME_MS = 30 * 60 * 1000;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const DEFAULT_FAULT_HANG_MS = 30_000;
const CALLBACK_TIMEOUT_MS = 5_000;
const CREATE_BODY_LIMIT = 20 * 1024 * 1024;

/** In-memory state of the simulator plus its timers; `close()` cancels everything pending. */
export class SimulatorStore {
  readonly cases = new Map<string, SimulatorCase>();
  readonly deliveries: CallbackDelivery[] = [];
  /** Requests that reached the redirect target: stays 0 while clients do not follow redirects. */
  redirectTargetHits = 0;
  /** Authenticated provider API calls received (faulty ones included). */
  apiCalls = 0;
  private fault: { mode: Exclude<FaultMode, 'none'>; remaining: number } | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly controller = new AbortController();
  private busy = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly maxCases = 10_000) {}

  /** Aborted by `close()`: in-flight callbacks and hanging fault responses end with it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  add(entry: SimulatorCase): void {
    while (this.cases.size >= this.maxCases) {
      const oldest = this.cases.keys().next();
      if (oldest.done) break;
      this.cases.delete(oldest.value);
    }
    this.cases.set(entry.caseId, entry);
  }

  get(caseId: string): SimulatorCase | undefined {
    return this.cases.get(caseId);
  }

  /** The next `count` provider API calls misbehave (`none` clears). */
  setFault(mode: FaultMode, count = 1): void {
    this.fault = mode === 'none' || count <= 0 ? null : { mode, remaining: count };
  }

  takeFault(): Exclude<FaultMode, 'none'> | null {
    if (!this.fault) return null;
    const { mode } = this.fault;
    this.fault.remaining -= 1;
    if (this.fault.remaining <= 0) this.fault = null;
    return mode;
  }

  /** Runs `task` after `ms` on a real timer; `idle()` waits for it, `close()` cancels it. */
  schedule(ms: number, task: () => Promise<void> | void): void {
    if (this.closed) return;
    this.busy += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => this.settle());
    }, ms);
    this.timers.add(timer);
  }

  /** Resolves after `ms`, or earlier when `signal` or the store is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const signals = signal ? [this.signal, signal] : [this.signal];
      const done = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        for (const s of signals) s.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.timers.add(timer);
      for (const s of signals) {
        if (s.aborted) return done();
        s.addEventListener('abort', done, { once: true });
      }
    });
  }

  /** Resolves once no completion or callback is pending (at once when nothing is). */
  idle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Cancels all timers and in-flight callbacks; later schedules are ignored. */
  close(): void {
    if (!this.closed) this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.busy = 0;
    this.releaseWaiters();
  }

  private settle(): void {
    this.busy = Math.max(0, this.busy - 1);
    if (this.busy === 0) this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** The status as read at `now`: a case nobody finished before `expiresAt` is EXPIRED. */
export function caseStatus(entry: SimulatorCase, now: Date): CaseStatus {
  if (entry.status === 'PENDING' && entry.outcome === null && now.getTime() >= entry.expiresAt.getTime()) {
    return 'EXPIRED';
  }
  return entry.status;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

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
  }, 'http(s) URL expected');

const CreateCaseSchema = z.object({
  kind: z.enum(CASE_KINDS),
  reference: z.string().min(1).max(200),
  callbackUrl: httpUrl,
  returnUrl: httpUrl,
  document: z
    .object({
      fileName: z.string().min(1).max(200),
      pdfBase64: z
        .string()
        .min(4)
        .refine((value) => value.length % 4 === 0 && BASE64.test(value), 'base64 expected'),
    })
    .optional(),
  signerName: z.string().min(1).max(200).optional(),
});

const FaultSchema = z.object({
  mode: z.enum(['none', 'error500', 'timeout', 'redirect', 'malformed']),
  count: z.number().int().min(1).max(1000).optional(),
});

const CaseParamsSchema = z.object({ caseId: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/) });
const OutcomeSchema = z.object({ outcome: z.enum(['success', 'failure', 'cancel']) });

const hidden = { schema: { hide: true } } as const;

export function simulatorPlugin(opts: SimulatorOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const store = opts.store ?? new SimulatorStore();
    const clock = opts.clock;
    const fetchImpl = opts.fetchImpl ?? fetch;
    const completionDelayMs = opts.completionDelayMs ?? DEFAULT_COMPLETION_DELAY_MS;
    const caseLifetimeMs = opts.caseLifetimeMs ?? DEFAULT_CASE_LIFETIME_MS;
    const retryDelays = opts.callbackRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const hangMs = opts.faultHangMs ?? DEFAULT_FAULT_HANG_MS;
    const publicBaseUrl = () =>
      (typeof opts.publicBaseUrl === 'function' ? opts.publicBaseUrl() : opts.publicBaseUrl).replace(/\/+$/, '');
    const prefix = app.prefix;
    const apiKeyDigest = sha256(opts.apiKey);

    // Hanging fault responses and timers end before the server waits for in-flight requests.
    app.addHook('preClose', async () => store.close());
    app.addHook('onClose', async () => store.close());

    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, querystring.parse(typeof body === 'string' ? body : body.toString('utf8')));
      },
    );

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'simulator request failed');
      if (isApi(request)) {
        const code = status === 413 ? 'payload_too_large' : status >= 500 ? 'internal' : 'invalid_request';
        return reply.code(status).send({ error: code });
      }
      return sendPage(reply, status >= 500 ? 500 : 400, 'Fehler (Simulator)', '<p>Die Anfrage ist ungültig.</p>');
    });

    function isApi(request: FastifyRequest): boolean {
      return request.url.startsWith(`${prefix}/api/`);
    }

    function authorized(request: FastifyRequest): boolean {
      const header = request.headers.authorization;
      if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
      return crypto.timingSafeEqual(sha256(header.slice('Bearer '.length)), apiKeyDigest);
    }

    /** Authentication, then the injected fault if any; true when the reply is already decided. */
    async function guard(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      if (!authorized(request)) {
        void reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
        return true;
      }
      store.apiCalls += 1;
      const fault = store.takeFault();
      if (fault === null) return false;
      switch (fault) {
        case 'error500':
          void reply.code(500).send({ error: 'simulated_failure' });
          break;
        case 'redirect':
          void reply.code(302).header('location', `${prefix}/api/redirect-target`).send();
          break;
        case 'malformed':
          void reply
            .code(200)
            .type('application/json; charset=utf-8')
            .send('<html><body>Wartungsarbeiten</body></html>');
          break;
        case 'timeout': {
          const gone = new AbortController();
          reply.raw.once('close', () => gone.abort());
          await store.sleep(hangMs, gone.signal);
          if (!reply.raw.destroyed) void reply.code(504).send({ error: 'simulated_timeout' });
          break;
        }
      }
      return true;
    }

    // ---- Provider API ---------------------------------------------------------------------------

    app.post('/api/cases', { ...hidden, bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
      if (await guard(request, reply)) return reply;
      const parsed = CreateCaseSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const input = parsed.data;
      let document: SimulatorCase['document'] = null;
      if (input.kind === 'SIGN') {
        if (!input.document) return reply.code(400).send({ error: 'document_required' });
        const pdf = new Uint8Array(Buffer.from(input.document.pdfBase64, 'base64'));
        try {
          await PDFDocument.load(pdf, { updateMetadata: false });
        } catch {
          return reply.code(422).send({ error: 'invalid_document' });
        }
        document = { fileName: input.document.fileName, pdf };
      }
      const now = clock.now();
      const entry: SimulatorCase = {
        caseId: crypto.randomBytes(16).toString('base64url'),
        kind: input.kind,
        reference: input.reference,
        callbackUrl: input.callbackUrl,
        returnUrl: input.returnUrl,
        document,
        signerName: input.signerName ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + caseLifetimeMs),
        outcome: null,
        outcomeAt: null,
        status: 'PENDING',
        completedAt: null,
        failureReason: null,
        signedDocument: null,
      };
      store.add(entry);
      return reply.code(201).send({
        caseId: entry.caseId,
        link: `${publicBaseUrl()}${prefix}/cases/${entry.caseId}`,
        expiresAt: entry.expiresAt.toISOString(),
      });
    });

    app.get('/api/cases/:caseId', hidden, async (request, reply) => {
      if (await guard(request, reply)) return reply;
      const entry = findCase(request.params);
      if (!entry) return reply.code(404).send({ error: 'not_found' });
      const status = caseStatus(entry, clock.now());
      return reply.send({
        caseId: entry.caseId,
        kind: entry.kind,
        status,
        reference: entry.reference,
        completedAt: entry.completedAt?.toISOString() ?? null,
        failureReason: status === 'EXPIRED' ? 'expired' : entry.failureReason,
        signedDocumentBase64:
          status === 'SUCCEEDED' && entry.signedDocument ? Buffer.from(entry.signedDocument).toString('base64') : null,
      });
    });

    app.post('/api/faults', hidden, async (request, reply) => {
      if (!authorized(request)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
      }
      const parsed = FaultSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      store.setFault(parsed.data.mode, parsed.data.count ?? 1);
      return reply.send({ mode: parsed.data.mode, count: parsed.data.mode === 'none' ? 0 : (parsed.data.count ?? 1) });
    });

    // Where the "redirect" fault points; a client that follows redirects shows up in the counter.
    app.get('/api/redirect-target', hidden, async (_request, reply) => {
      store.redirectTargetHits += 1;
      return reply.send({ redirected: true });
    });

    // ---- The provider page the user sees -------------------------------------------------------

    app.get('/cases/:caseId', hidden, async (request, reply) => {
      const entry = findCase(request.params);
      if (!entry) return sendPage(reply, 404, 'Vorgang nicht gefunden (Simulator)', NOT_FOUND_TEXT);
      const title = titleOf(entry.kind);
      const closedText = closedPageText(entry, clock.now());
      if (closedText) return sendPage(reply, 200, title, closedText);
      return sendPage(reply, 200, title, pendingPage(entry, prefix));
    });

    app.get('/cases/:caseId/document', hidden, async (request, reply) => {
      const entry = findCase(request.params);
      if (!entry?.document || closedPageText(entry, clock.now())) {
        return sendPage(reply, 404, 'Dokument nicht verfügbar (Simulator)', NOT_FOUND_TEXT);
      }
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${asciiFileName(entry.document.fileName)}"`)
        .type('application/pdf')
        .send(Buffer.from(entry.document.pdf));
    });

    app.post('/cases/:caseId', hidden, async (request, reply) => {
      const entry = findCase(request.params);
      if (!entry) return sendPage(reply, 404, 'Vorgang nicht gefunden (Simulator)', NOT_FOUND_TEXT);
      const title = titleOf(entry.kind);
      const closedText = closedPageText(entry, clock.now());
      if (closedText) return sendPage(reply, 409, title, closedText);
      const parsed = OutcomeSchema.safeParse(request.body);
      if (!parsed.success) return sendPage(reply, 400, title, '<p>Bitte wählen Sie ein Ergebnis.</p>');
      entry.outcome = parsed.data.outcome;
      entry.outcomeAt = clock.now();
      store.schedule(completionDelayMs, () => complete(entry));
      return sendPage(
        reply,
        200,
        title,
        `<p>Vielen Dank – Sie können dieses Fenster schließen und zur Bestellung zurückkehren.</p>` +
          `<p><a href="${escapeHtml(entry.returnUrl)}">Zurück zur Bestellung</a></p>`,
      );
    });

    function findCase(params: unknown): SimulatorCase | undefined {
      const parsed = CaseParamsSchema.safeParse(params);
      return parsed.success ? store.get(parsed.data.caseId) : undefined;
    }

    // ---- Completion and callbacks --------------------------------------------------------------

    async function complete(entry: SimulatorCase): Promise<void> {
      if (entry.status !== 'PENDING' || entry.outcome === null) return;
      const now = clock.now();
      if (entry.outcome === 'success') {
        if (entry.kind === 'SIGN' && entry.document) {
          try {
            entry.signedDocument = await signPdf(entry.document.pdf, entry.signerName, now);
            entry.status = 'SUCCEEDED';
          } catch {
            entry.status = 'FAILED';
            entry.failureReason = 'signing_error';
          }
        } else {
          entry.status = 'SUCCEEDED';
        }
      } else if (entry.outcome === 'failure') {
        entry.status = 'FAILED';
        entry.failureReason = entry.kind === 'SIGN' ? 'signature_failed' : 'identification_failed';
      } else {
        entry.status = 'CANCELLED';
        entry.failureReason = 'cancelled_by_user';
      }
      entry.completedAt = now;
      const delivery: CallbackDelivery = {
        eventId: crypto.randomUUID(),
        caseId: entry.caseId,
        status: entry.status,
        attempts: 0,
        delivered: false,
        lastError: null,
      };
      store.deliveries.push(delivery);
      await deliver(entry.callbackUrl, delivery);
    }

    /** One attempt; on failure the next one is scheduled after the next back-off step. */
    async function deliver(callbackUrl: string, delivery: CallbackDelivery): Promise<void> {
      if (store.closed) return;
      delivery.attempts += 1;
      const body = JSON.stringify({ eventId: delivery.eventId, caseId: delivery.caseId, status: delivery.status });
      try {
        const response = await fetchImpl(callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signCallback(opts.callbackSecret, body, clock.now()),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([AbortSignal.timeout(CALLBACK_TIMEOUT_MS), store.signal]),
        });
        await response.body?.cancel().catch(() => undefined);
        if (response.status < 200 || response.status >= 300) throw new Error(`callback answered ${response.status}`);
        delivery.delivered = true;
        delivery.lastError = null;
      } catch (error) {
        delivery.lastError = error instanceof Error ? error.message : String(error);
        const wait = retryDelays[delivery.attempts - 1];
        if (wait === undefined || store.closed) {
          app.log.warn({ eventId: delivery.eventId, attempts: delivery.attempts }, 'simulator callback not delivered');
          return;
        }
        store.schedule(wait, () => deliver(callbackUrl, delivery));
      }
    }
  };
}

// ---- Signed PDF ---------------------------------------------------------------------------------

/** The "signed" document: the original plus a visible signature page and signature metadata. */
async function signPdf(pdf: Uint8Array, signerName: string | null, signedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const digest = crypto.createHash('sha256').update(pdf).digest('hex');
  const when = formatDate(signedAt);
  let y = 760;
  const line = (text: string, font: PDFFont, size: number, gap = 22) => {
    page.drawText(winAnsi(font, text), { x: 60, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= gap;
  };
  page.drawRectangle({ x: 40, y: 560, width: 515, height: 240, borderWidth: 1.5, borderColor: rgb(0.1, 0.4, 0.2) });
  line('Signaturseite (Simulator)', bold, 18, 34);
  line('Qualifiziert elektronisch signiert – simuliert, keine echte Signatur.', regular, 11);
  line(`Unterzeichner/in: ${signerName ?? 'unbekannt'}`, regular, 11);
  line(`Zeitpunkt: ${when}`, regular, 11);
  line('SHA-256 des unterzeichneten Dokuments:', regular, 11, 16);
  line(digest, regular, 9);
  doc.setSubject('Qualifiziert elektronisch signiert (Simulator)');
  doc.setKeywords(['signed', 'simulator', `sha256:${digest}`]);
  doc.setProducer('Signatur-Simulator');
  doc.setModificationDate(signedAt);
  return doc.save();
}

/** Standard fonts only encode WinAnsi; anything else becomes "?". */
function winAnsi(font: PDFFont, text: string): string {
  return Array.from(text)
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}

// ---- HTML -----------------------------------------------------------------------------------------

const NOT_FOUND_TEXT = '<p>Dieser Vorgang ist unbekannt. Bitte starten Sie den Schritt in der Bestellung erneut.</p>';

const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f6f8;color:#1b1f24;margin:0;padding:2rem 1rem}',
  'main{max-width:36rem;margin:0 auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}',
  'h1{font-size:1.4rem;margin-top:0}',
  '.badge{display:inline-block;background:#fff3cd;color:#664d03;border-radius:4px;padding:.2rem .5rem;font-size:.85rem}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0}',
  'form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}',
  'button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}',
  'button[value=success]{background:#1f7a3a;border-color:#1f7a3a;color:#fff}',
  'button[value=failure]{background:#b42318;border-color:#b42318;color:#fff}',
].join('');

function titleOf(kind: CaseKind): string {
  return kind === 'SIGN' ? 'Qualifizierte elektronische Signatur (Simulator)' : 'Identitätsprüfung (Simulator)';
}

/** The page text for a case that takes no more input, or null while it is open. */
function closedPageText(entry: SimulatorCase, now: Date): string | null {
  const status = caseStatus(entry, now);
  if (status === 'EXPIRED') {
    return '<p>Dieser Vorgang ist abgelaufen. Bitte starten Sie den Schritt in der Bestellung erneut.</p>';
  }
  if (entry.outcome !== null || status !== 'PENDING') {
    const result =
      status === 'PENDING'
        ? 'Ihr Ergebnis wird übermittelt.'
        : status === 'SUCCEEDED'
          ? 'Ergebnis: erfolgreich.'
          : status === 'CANCELLED'
            ? 'Ergebnis: abgebrochen.'
            : 'Ergebnis: fehlgeschlagen.';
    return `<p>Dieser Vorgang ist abgeschlossen. ${result}</p><p><a href="${escapeHtml(entry.returnUrl)}">Zurück zur Bestellung</a></p>`;
  }
  return null;
}

function pendingPage(entry: SimulatorCase, prefix: string): string {
  const rows: [string, string][] = [
    [
      'Vorgang',
      entry.kind === 'SIGN'
        ? 'Identifizierung und qualifizierte elektronische Signatur'
        : 'Identitätsprüfung mit Führerschein',
    ],
  ];
  if (entry.document) {
    const href = `${prefix}/cases/${entry.caseId}/document`;
    rows.push([
      'Dokument',
      `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(entry.document.fileName)}</a>`,
    ]);
  }
  const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`);
  if (entry.signerName) list.push(`<dt>Unterzeichner/in</dt><dd>${escapeHtml(entry.signerName)}</dd>`);
  list.push(`<dt>Gültig bis</dt><dd>${escapeHtml(formatDate(entry.expiresAt))}</dd>`);
  return (
    `<dl>${list.join('')}</dl>` +
    '<p>Dies ist ein Simulator des externen Dienstes. Wählen Sie, wie der Vorgang ausgehen soll.</p>' +
    '<form method="post">' +
    '<button type="submit" name="outcome" value="success">Erfolgreich abschließen</button>' +
    '<button type="submit" name="outcome" value="failure">Fehlschlagen</button>' +
    '<button type="submit" name="outcome" value="cancel">Abbrechen</button>' +
    '</form>'
  );
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html =
    `<!doctype html><html lang="de"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>` +
    `<p class="badge">Simulator – kein echter Identitäts- oder Signaturdienst</p>` +
    `<h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function formatDate(date: Date): string {
  return `${date.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })} Uhr`;
}

function asciiFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'dokument.pdf';
}

function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}
