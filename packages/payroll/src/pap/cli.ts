/**
 * The line protocol of the `pap` command (bin/pap.mjs): one JSON input object per line in,
 * one JSON line of outputs out. Kept free of Node APIs so it can be tested directly.
 */
import { calculateLohnsteuer, type LohnsteuerDynamicInput } from './calculate.js';

/**
 * Processes one input line of the `pap` CLI.
 * @returns the output line (without newline): the PAP outputs, or `{"error":"..."}` for an
 *   input that cannot be calculated; undefined for a blank line. Never throws.
 */
export function papJsonLine(line: string): string | undefined {
  if (line.trim() === '') return undefined;
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch (error) {
    return JSON.stringify({ error: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return JSON.stringify({ error: 'Each line must be a JSON object such as {"version":"2026","RE4":500000}.' });
  }
  try {
    return JSON.stringify(calculateLohnsteuer(input as LohnsteuerDynamicInput));
  } catch (error) {
    return JSON.stringify({ error: error instanceof Error ? error.message : String(error) });
  }
}
