import type { AddressInfo } from 'node:net';

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';

import { useRawJsonBody } from '../modules/ident/callback.js';
import { createHttpIdentProvider, type HttpIdentProviderOptions } from '../modules/ident/http-provider.js';
import { ProviderUnavailableError, type IdentProvider } from '../modules/ident/provider.js';
import {
  MemoryCaseRepository,
  SimulatorStore,
  simulatorPlugin,
  type SimulatorOptions,
} from '../modules/ident/simulator.js';
import { TestClock } from './harness.js';

/**
 * The identity provider's simulator on a bare Fastify listening on a free port, with a callback
 * receiver: shared by the simulator's and the HTTP client's tests.
 */
export const API_KEY = 'test-api-key-0123456789';
export const CALLBACK_SECRET = 'test-callback-secret-abcdef';
export const PUBLIC_BASE_URL = 'http://localhost:3000';
export const START = new Date('2026-03-01T10:00:00Z');

interface ReceivedCallback {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface Harness {
  app: FastifyInstance;
  origin: string;
  clock: TestClock;
  store: SimulatorStore;
  cases: MemoryCaseRepository;
  provider: IdentProvider;
  received: ReceivedCallback[];
  /** Status codes the callback receiver answers with next (then 200). */
  callbackFailures: number[];
  callbackUrl: string;
  makeProvider(overrides?: Partial<HttpIdentProviderOptions>): IdentProvider;
  pagePath(link: string): string;
}

const open: Harness[] = [];

/** Closes every harness a test started (call it in `afterEach`). */
/** A client of a provider nobody runs (port 1): every call fails to connect; signing works offline. */
export function unreachableProvider(clock = new TestClock(START)): IdentProvider {
  return createHttpIdentProvider({
    baseUrl: 'http://127.0.0.1:1/api',
    apiKey: API_KEY,
    callbackSecret: CALLBACK_SECRET,
    clock,
  });
}

export async function closeHarnesses(): Promise<void> {
  for (const h of open.splice(0)) await h.app.close();
}

/** The simulator on a bare Fastify listening on a free port, plus a callback receiver route. */
export async function start(options: Partial<SimulatorOptions> = {}): Promise<Harness> {
  const clock = new TestClock(START);
  const cases = new MemoryCaseRepository();
  const store = new SimulatorStore(cases);
  const received: ReceivedCallback[] = [];
  const callbackFailures: number[] = [];
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    simulatorPlugin({
      apiKey: API_KEY,
      callbackSecret: CALLBACK_SECRET,
      publicBaseUrl: PUBLIC_BASE_URL,
      clock,
      completionDelayMs: 20,
      callbackRetryDelaysMs: [20, 20, 20],
      store,
      ...options,
    }),
    { prefix: '/simulator' },
  );
  await app.register(async (scope) => {
    useRawJsonBody(scope);
    scope.post('/callbacks', async (request, reply) => {
      received.push({ headers: request.headers, rawBody: request.body as string });
      return reply.code(callbackFailures.shift() ?? 200).send({ ok: true });
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const makeProvider = (overrides: Partial<HttpIdentProviderOptions> = {}) =>
    createHttpIdentProvider({
      baseUrl: `${origin}/simulator/api`,
      apiKey: API_KEY,
      callbackSecret: CALLBACK_SECRET,
      clock,
      timeoutMs: 2000,
      ...overrides,
    });
  const harness: Harness = {
    app,
    origin,
    clock,
    store,
    cases,
    provider: makeProvider(),
    received,
    callbackFailures,
    callbackUrl: `${origin}/callbacks`,
    makeProvider,
    pagePath: (link) => new URL(link).pathname,
  };
  open.push(harness);
  return harness;
}

export async function contractPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Überlassungsvertrag', { x: 50, y: 700, size: 20, font });
  return doc.save();
}

export const caseInput = (h: Harness) => ({
  reference: 'order-42:step-3',
  callbackUrl: h.callbackUrl,
  returnUrl: 'http://localhost:3000/profile/orders/42',
});

export async function choose(h: Harness, link: string, outcome: string) {
  return h.app.inject({
    method: 'POST',
    url: h.pagePath(link),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

export async function expectUnavailable(promise: Promise<unknown>): Promise<ProviderUnavailableError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderUnavailableError);
  return error as ProviderUnavailableError;
}
