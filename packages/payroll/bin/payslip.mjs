#!/usr/bin/env node
// Payslip comparison as a line filter: one JSON object per input line
//   {"profile": {...salaryInfo}, "offer": {...}, "date": "2026-03-01"}
// and one JSON line per input line on stdout, in order: the comparison (amounts in integer
// cents), or {"error": "..."} for a bad line. Blank lines are skipped. One bad line never stops
// the stream.
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createPayslipLineHandler } from '../dist/index.js';

async function main() {
  process.stdout.on('error', (error) => {
    // The reader went away (e.g. `| head`): stop quietly.
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const handle = createPayslipLineHandler();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (!process.stdout.write(`${handle(line)}\n`)) await once(process.stdout, 'drain');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
