#!/usr/bin/env node
/**
 * pap: German wage tax (BMF PAP) for JSON lines.
 *
 *   echo '{"version":"2026","LZZ":2,"STKL":1,"RE4":500000}' | npx pap
 *   echo '{"date":"2026-03-01","RE4":6000000,"STKL":3}' | npx pap
 *
 * Reads stdin line by line (streaming) and writes one JSON line per non-blank input line, in
 * order: the PAP outputs in cent, or {"error":"..."} if that line cannot be calculated.
 * Imports the package by its own name, which resolves to the compiled dist/index.js (run
 * `npx tsc -b packages/payroll` first); with `--conditions=@leasing/source` it uses src.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { papJsonLine } from '@leasing/payroll';

process.stdout.on('error', (error) => {
  // The reader went away (e.g. `| head`): stop quietly.
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const output = papJsonLine(line);
  if (output === undefined) continue;
  if (!process.stdout.write(`${output}\n`)) await once(process.stdout, 'drain');
}
