#!/usr/bin/env node
// Payslip comparison as a line filter: one JSON object per input line
//   {"profile": {...salaryInfo}, "offer": {...}, "date": "2026-03-01"}
// and one JSON line per input on stdout, in order: the comparison (amounts in integer cents),
// or {"error": "..."} for a bad line. Never exits because of one bad line.
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { compareOffer, preparePayslipProfile } from '../dist/index.js';

/** Reuse the prepared profile while consecutive lines share profile and date (e.g. many offers). */
let lastKey = '';
let lastPrepared = null;

function prepared(profile, date) {
  const key = JSON.stringify([profile, date]);
  if (key !== lastKey) {
    lastPrepared = preparePayslipProfile(profile, date);
    lastKey = key;
  }
  return lastPrepared;
}

function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { error: `Ungültiges JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return { error: 'Erwartet wird ein Objekt {"profile", "offer", "date"}.' };
  }
  const { profile, offer, date } = request;
  if (profile === undefined || offer === undefined || date === undefined) {
    return { error: 'Die Felder "profile", "offer" und "date" sind erforderlich.' };
  }
  try {
    return compareOffer(prepared(profile, date), offer);
  } catch (error) {
    lastKey = '';
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function main() {
  process.stdout.on('error', (error) => {
    // The reader went away (e.g. `| head`): stop quietly.
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let out;
    try {
      out = JSON.stringify(handle(line));
    } catch (error) {
      out = JSON.stringify({ error: error instanceof Error ? error.message : String(error) });
    }
    if (!process.stdout.write(`${out}\n`)) await once(process.stdout, 'drain');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
