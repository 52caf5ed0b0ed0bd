/**
 * The worker thread of one contract check (`verify-off-thread.ts`): reads the file and the trust
 * anchors from workerData, answers once, and ends. Whatever a hostile file costs, it costs here, under
 * the thread's memory limits and the caller's time budget, never on the thread that answers requests.
 */
import { parentPort, workerData } from 'node:worker_threads';

import { x509Of } from './verify-chain.js';
import { NotAPdfError, verifyPdfBytes } from './verify.js';

interface VerifyJob {
  pdf: ArrayBuffer;
  anchors: Uint8Array[];
}

const job = workerData as VerifyJob;
const anchors = job.anchors.map((der) => x509Of(der)).filter((anchor) => anchor !== null);
parentPort?.postMessage({ kind: 'started' });
try {
  parentPort?.postMessage({ kind: 'done', result: verifyPdfBytes(new Uint8Array(job.pdf), anchors) });
} catch (error) {
  parentPort?.postMessage({ kind: error instanceof NotAPdfError ? 'notPdf' : 'failed', message: String(error) });
}
