import crypto from 'node:crypto';
import querystring from 'node:querystring';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';

import type { Clock } from '../../lib/clock.js';
import { SIGNATURE_HEADER, signCallback } from './callback.js';
import { CASE_KINDS, type CaseKind } from './provider.js';
import { caseStatus, type CaseCompletion, type SimulatorCase } from './simulator-cases.js';
import {
  NOT_FOUND_TEXT,
  asciiFileName,
  closedPageText,
  escapeHtml,
  pendingPage,
  sendPage,
  signPdf,
  titleOf,
} from './simulator-pages.js';
import { SimulatorStore, type CallbackDelivery } from './simulator-store.js';

export { SimulatorStore } from './simulator-store.js';
export type { CallbackDelivery, FaultMode } from './simulator-store.js';
export { DatabaseCaseRepository, MemoryCaseRepository, type SimulatorCase } from './simulator-cases.js';

/**
 * A local stand-in for the external identity/signature provider, used in development, demo and
 * tests. It behaves like the real service as far as the application can tell: an authenticated
 * JSON API to open and read cases, an unguessable link to a provider page where the user acts,
 * asynchronous completion, signed callbacks with retries, expiry, and injectable failures.
 *
 * Cases live in a `CaseRepository` (the database in the app, so any instance serves any case; memory
 * in the simulator's own tests). An unknown case is a 404 page and, through the API, a
 * ProviderCaseNotFoundError.
 *
 * Register with `{ prefix: '/simulator' }`; links are built from `publicBaseUrl` plus that prefix.
 */
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
      await store.cases.add(entry);
      return reply.code(201).send({
        caseId: entry.caseId,
        link: `${publicBaseUrl()}${prefix}/cases/${entry.caseId}`,
        expiresAt: entry.expiresAt.toISOString(),
      });
    });

    app.get('/api/cases/:caseId', hidden, async (request, reply) => {
      if (await guard(request, reply)) return reply;
      const found = await findCase(request.params);
      if (!found) return reply.code(404).send({ error: 'not_found' });
      // A completion whose timer died with another instance happens on the first read after it was due.
      const entry = isCompletionDue(found) ? ((await complete(found.caseId)) ?? found) : found;
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
      const entry = await findCase(request.params);
      if (!entry) return sendPage(reply, 404, 'Vorgang nicht gefunden (Simulator)', NOT_FOUND_TEXT);
      const title = titleOf(entry.kind);
      const closedText = closedPageText(entry, clock.now());
      if (closedText) return sendPage(reply, 200, title, closedText);
      return sendPage(reply, 200, title, pendingPage(entry, prefix));
    });

    app.get('/cases/:caseId/document', hidden, async (request, reply) => {
      const entry = await findCase(request.params);
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
      const entry = await findCase(request.params);
      if (!entry) return sendPage(reply, 404, 'Vorgang nicht gefunden (Simulator)', NOT_FOUND_TEXT);
      const title = titleOf(entry.kind);
      const closedText = closedPageText(entry, clock.now());
      if (closedText) return sendPage(reply, 409, title, closedText);
      const parsed = OutcomeSchema.safeParse(request.body);
      if (!parsed.success) return sendPage(reply, 400, title, '<p>Bitte wählen Sie ein Ergebnis.</p>');
      if (!(await store.cases.recordOutcome(entry.caseId, parsed.data.outcome, clock.now()))) {
        return sendPage(reply, 409, title, '<p>Für diesen Vorgang wurde bereits ein Ergebnis gewählt.</p>');
      }
      store.schedule(completionDelayMs, async () => {
        await complete(entry.caseId);
      });
      return sendPage(
        reply,
        200,
        title,
        `<p>Vielen Dank – Sie können dieses Fenster schließen und zur Bestellung zurückkehren.</p>` +
          `<p><a href="${escapeHtml(entry.returnUrl)}">Zurück zur Bestellung</a></p>`,
      );
    });

    async function findCase(params: unknown): Promise<SimulatorCase | undefined> {
      const parsed = CaseParamsSchema.safeParse(params);
      return parsed.success ? store.cases.get(parsed.data.caseId) : undefined;
    }

    function isCompletionDue(entry: SimulatorCase): boolean {
      return (
        entry.status === 'PENDING' &&
        entry.outcomeAt !== null &&
        clock.now().getTime() - entry.outcomeAt.getTime() >= completionDelayMs
      );
    }

    // ---- Completion and callbacks --------------------------------------------------------------

    /**
     * Completes a case by the user's choice, once (the update is conditional: another instance or a
     * late timer finds it done), then calls the application back. Returns the completed case.
     */
    async function complete(caseId: string): Promise<SimulatorCase | undefined> {
      const entry = await store.cases.get(caseId);
      if (!entry || entry.status !== 'PENDING' || entry.outcome === null) return entry;
      const completion = await completionOf(entry, clock.now());
      if (!(await store.cases.complete(caseId, completion))) return store.cases.get(caseId);
      const delivery: CallbackDelivery = {
        eventId: crypto.randomUUID(),
        caseId,
        status: completion.status,
        attempts: 0,
        delivered: false,
        lastError: null,
      };
      store.deliveries.push(delivery);
      store.schedule(0, () => deliver(entry.callbackUrl, delivery));
      return { ...entry, ...completion };
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

/** What the simulated provider says when the person fails the procedure ("Fehlschlagen"). */
const FAILURE_REASONS: Record<CaseKind, string> = {
  IDENT: 'identification_failed',
  SIGN: 'signature_failed',
  // The licence could not be confirmed as valid; the provider names no document details.
  LICENCE_CHECK: 'licence_not_confirmed',
};

async function completionOf(entry: SimulatorCase, now: Date): Promise<CaseCompletion> {
  const done = { completedAt: now, signedDocument: null };
  if (entry.outcome === 'failure') {
    return { ...done, status: 'FAILED', failureReason: FAILURE_REASONS[entry.kind] };
  }
  if (entry.outcome !== 'success') return { ...done, status: 'CANCELLED', failureReason: 'cancelled_by_user' };
  if (entry.kind !== 'SIGN' || !entry.document) return { ...done, status: 'SUCCEEDED', failureReason: null };
  try {
    const signedDocument = await signPdf(entry.document.pdf, entry.signerName, now);
    return { completedAt: now, signedDocument, status: 'SUCCEEDED', failureReason: null };
  } catch {
    return { ...done, status: 'FAILED', failureReason: 'signing_error' };
  }
}

function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}
