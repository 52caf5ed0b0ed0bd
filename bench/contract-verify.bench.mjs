// The contract check (`POST /v1/contracts/verify`) on the largest allowed files, off the main thread.
// Run: `npm run bench contract-verify` (from sources, worker through tsx).
//
// For each hostile 20 MB file: the time of the check, the rise of the process's resident memory over
// its settled level (target: ≤ 100 MB, security checklist 28), and the longest the main thread was
// late for a 10 ms timer while the check ran (what a `/health/live` probe would wait; target: < 200 ms).
import { VERIFY_TIME_BUDGET_MS, verifyOffThread } from '../apps/api/src/modules/signing/verify-off-thread.ts';
import { manySignatureDictionaries, repeatedByteRangeFile } from '../apps/api/src/modules/signing/verify-fixtures.ts';

const MAX_BYTES = 20 * 1024 * 1024;
const MEMORY_TARGET_MB = 100;
const LAG_TARGET_MS = 200;

/** A well-formed file of one object: 20 MB of stream data a signature would cover. */
function paddedFile(size) {
  const head = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n2 0 obj\n<< /Length ';
  const fixed = head.length + 200;
  const length = size - fixed;
  const body = `${head}${length} >>\nstream\n`;
  const tail = (offsets) =>
    `\nendstream\nendobj\nxref\n0 3\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n`;
  const data = Buffer.alloc(length, 0x20);
  const xrefAt = body.length + length + '\nendstream\nendobj\n'.length;
  return Buffer.concat([
    Buffer.from(body, 'latin1'),
    data,
    Buffer.from(`${tail([9, head.indexOf('2 0 obj')])}${xrefAt}\n%%EOF\n`, 'latin1'),
  ]).subarray(0, MAX_BYTES);
}

const files = {
  'repeated /ByteRange, 20 MB': () => repeatedByteRangeFile(MAX_BYTES),
  '20 signatures and 10,000 lures': () => manySignatureDictionaries(20, 10_000),
  'one 20 MB stream (padding)': () => paddedFile(MAX_BYTES),
};

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const settle = () => {
  globalThis.gc?.();
  globalThis.gc?.();
};

// One check first: loads the worker's modules (tsx compiles them once).
await verifyOffThread(repeatedByteRangeFile(1024), []);

for (const [name, make] of Object.entries(files)) {
  const pdf = make();
  const size = pdf.length;
  settle();
  const before = process.memoryUsage().rss;
  let peak = before;
  let lag = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 10);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const outcome = await verifyOffThread(pdf, []).then(
    (result) => `valid: ${result.valid}, problems: ${result.problems.join(',') || '-'}`,
    (error) => `refused: ${error.name}`,
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  const rise = (peak - before) / 1024 / 1024;
  console.log(
    `${name.padEnd(34)} ${mb(size).padStart(5)} MB  ${ms.toFixed(0).padStart(5)} ms (budget ${VERIFY_TIME_BUDGET_MS})  ` +
      `rss +${rise.toFixed(1)} MB (target ≤ ${MEMORY_TARGET_MB}) ${rise <= MEMORY_TARGET_MB ? 'ok' : 'OVER'}  ` +
      `main-thread lag ${lag.toFixed(0)} ms (target < ${LAG_TARGET_MS}) ${lag < LAG_TARGET_MS ? 'ok' : 'OVER'}  ${outcome}`,
  );
}
