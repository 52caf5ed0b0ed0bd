/**
 * A contract check off the main thread: one worker per check, with a time budget and memory limits
 * (ADR 0047). The thread that answers requests only hands the file over and waits; a check that runs
 * out of time or memory is ended and answered as such. At most MAX_RUNNING checks run at once and
 * MAX_WAITING wait; more are refused as busy rather than queued without end.
 */
import { Worker } from 'node:worker_threads';

import type * as pkijs from 'pkijs';

import { derOf } from './verify-cms.js';
import { NotAPdfError, verifyPdfBytes, type PdfVerification } from './verify.js';

export const VERIFY_TIME_BUDGET_MS = 5_000;
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
const WORKER_START_BUDGET_MS = 30_000;
const MAX_RUNNING = 2;
const MAX_WAITING = 8;

/** The check did not finish in its time or memory budget. */
export class VerificationBudgetError extends Error {
  constructor(reason: string) {
    super(`contract check over budget: ${reason}`);
    this.name = 'VerificationBudgetError';
  }
}

/** Too many checks at once on this instance. */
export class VerificationBusyError extends Error {
  constructor() {
    super('too many contract checks at once');
    this.name = 'VerificationBusyError';
  }
}

/**
 * The built server starts dist's JS worker. Run from sources (vitest, tsx), the worker is TypeScript:
 * a one-line bootstrap registers tsx in the new thread first, then loads it.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./verify-worker.js', import.meta.url), eval: false };
  const source = new URL('./verify-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return { entry: bootstrap, eval: true };
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new VerificationBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const startsAsPdf = (pdf: Uint8Array) => Buffer.from(pdf.subarray(0, 5)).toString('latin1') === '%PDF-';
const tailNamesStartXref = (pdf: Uint8Array) =>
  Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).includes('startxref');

/** The file's own memory when it owns all of it (moved to the worker), else a copy. */
function transferable(pdf: Uint8Array): ArrayBuffer {
  const { buffer } = pdf;
  if (buffer instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === buffer.byteLength) return buffer;
  // A copy (a Buffer's own slice() would share the pool's memory).
  return new Uint8Array(pdf).buffer;
}

function runWorker(pdf: ArrayBuffer, anchors: Uint8Array[], budgetMs: number): Promise<PdfVerification> {
  const { entry, eval: isBootstrap } = workerEntry();
  const worker = new Worker(entry, {
    eval: isBootstrap,
    workerData: { pdf, anchors },
    transferList: [pdf],
    resourceLimits: RESOURCE_LIMITS,
  });
  return new Promise<PdfVerification>((resolve, reject) => {
    const overBudget = (reason: string) => () => {
      reject(new VerificationBudgetError(reason));
      void worker.terminate();
    };
    // The budget is the check's: it starts when the worker has loaded (slower from sources).
    let timer = setTimeout(overBudget('start'), WORKER_START_BUDGET_MS);
    const settle = () => clearTimeout(timer);
    worker.on('message', (message: { kind: string; result?: PdfVerification; message?: string }) => {
      settle();
      if (message.kind === 'started') timer = setTimeout(overBudget('time'), budgetMs);
      else if (message.kind === 'done' && message.result) resolve(message.result);
      else if (message.kind === 'notPdf') reject(new NotAPdfError());
      else reject(new Error(message.message ?? 'contract check failed'));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settle();
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new VerificationBudgetError('memory') : error);
    });
    worker.once('exit', () => {
      settle();
      reject(new VerificationBudgetError('ended'));
    });
  });
}

/**
 * `verifyPdf` in a worker thread. The file's memory moves to the worker when the file owns it: the
 * caller must not use `pdf` afterwards.
 */
export async function verifyOffThread(
  pdf: Uint8Array,
  trustAnchors: readonly pkijs.Certificate[],
  budgetMs = VERIFY_TIME_BUDGET_MS,
): Promise<PdfVerification> {
  // Constant work, no thread needed: not a PDF, or no cross-reference to start from (its last 2 KB).
  if (!startsAsPdf(pdf)) throw new NotAPdfError();
  if (!tailNamesStartXref(pdf)) return verifyPdfBytes(pdf, []);
  const release = await slot();
  try {
    return await runWorker(transferable(pdf), trustAnchors.map(derOf), budgetMs);
  } finally {
    release();
  }
}
