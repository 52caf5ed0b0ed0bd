import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Starts the real server entry point and collects what it prints until it exits. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@leasing/source', '--import', 'tsx', 'apps/api/src/server.ts'],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env['PATH'] ?? '',
          DATA_DIR: path.join(os.tmpdir(), `leasing-cfg-${process.pid}`),
          ...env,
        },
      },
    );
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

const SECRETS = { JWT_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('start-up with bad configuration', () => {
  it('stops with one line naming PORT', async () => {
    const result = await runServer({ PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('stops with one line naming DATABASE_URL when it is malformed', async () => {
    const result = await runServer({ DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/DATABASE_URL/);
  });

  it('refuses a shared database without explicit secrets, naming the variable', async () => {
    const result = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/JWT_SECRET must be set explicitly with DATABASE_URL/);
  });

  it('stops with one line when the PostgreSQL server is unreachable', async () => {
    const result = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', ...SECRETS });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/Cannot connect to DATABASE_URL/);
  });
});
