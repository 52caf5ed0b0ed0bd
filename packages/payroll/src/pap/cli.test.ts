import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { papJsonLine } from './cli.js';

const BIN = fileURLToPath(new URL('../../bin/pap.mjs', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs bin/pap.mjs on the TypeScript sources (no build needed) with the given stdin. */
function runCli(stdin: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@leasing/source', '--import', 'tsx', BIN], { cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(stdin);
  });
}

describe('papJsonLine', () => {
  it('turns an input line into an output line', () => {
    const out = JSON.parse(papJsonLine('{"version":"2026","LZZ":1,"RE4":2500000,"STKL":1}') ?? '') as Record<
      string,
      number
    >;
    expect(out['LSTLZZ']).toBe(137_600);
  });

  it('skips blank lines and never throws', () => {
    expect(papJsonLine('')).toBeUndefined();
    expect(papJsonLine('   \t')).toBeUndefined();
    for (const bad of [
      '{',
      'null',
      '42',
      '"x"',
      '[]',
      '{"version":"2026","STKL":0}',
      '{"date":"2031-01-01"}',
      '{"RE4":1}',
    ]) {
      const out = JSON.parse(papJsonLine(bad) ?? '') as { error?: unknown };
      expect(typeof out.error, bad).toBe('string');
    }
  });
});

describe('bin/pap.mjs', () => {
  it('streams one output line per input line, in order, with error lines', async () => {
    const inputs = Array.from({ length: 500 }, (_, i) =>
      JSON.stringify({ version: '2026', LZZ: 2, STKL: (i % 6) + 1, RE4: 100_000 + i * 1000 }),
    );
    const stdin = [inputs[0], '', 'not json', ...inputs.slice(1), '{"date":"2026-03-01","STKL":7}', '  '].join('\n');
    const { stdout, code } = await runCli(`${stdin}\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(inputs.length + 2);
    expect(lines[0]).toBe(papJsonLine(inputs[0] ?? ''));
    expect(JSON.parse(lines[1] ?? '')).toHaveProperty('error');
    lines.slice(2, -1).forEach((line, i) => expect(line).toBe(papJsonLine(inputs[i + 1] ?? '')));
    expect(JSON.parse(lines[lines.length - 1] ?? '')).toEqual({
      error: 'Input STKL (PAP 2026) must be between 1 and 6 (got 7).',
    });
  }, 30_000);
});
