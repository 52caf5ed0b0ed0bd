import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Starts the real server entry point from its sources. */
function spawnServer(env: Record<string, string>) {
  return spawn(process.execPath, ['--conditions=@leasing/source', '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: path.join(os.tmpdir(), `leasing-cfg-${process.pid}`), ...env },
  });
}

/** Starts the real server entry point and collects what it prints until it exits. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawnServer(env);
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

/**
 * SIGTERM after traffic, with keep-alive connections left open and a mail in flight to a mail server
 * that accepted the connection but never answers (its greeting would time out only after 10 s): the
 * process stops within its 10 s grace period and exits 0. The mail stays in the outbox (its claim
 * expires and another instance sends it).
 */
describe('shutdown', () => {
  it('exits 0 within the grace period after traffic, leaving a stuck mail to the outbox', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const smtpPort = (silent.address() as net.AddressInfo).port;
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-shutdown-'));
    const child = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...SECRETS,
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      const origin = `http://127.0.0.1:${port}`;
      await until(async () => (await get(agent, `${origin}/health/ready`)) === 200, 90_000);
      // Traffic on keep-alive connections that stay open, and a mail the worker starts to send.
      await Promise.all(Array.from({ length: 12 }, () => get(agent, `${origin}/health/live`)));
      const reset = await fetch(`${origin}/v1/confirm/password/reset/mail/max.mustermann@example.com`, {
        method: 'POST',
      });
      expect(reset.status).toBe(202);
      await until(async () => (await silentConnections(silent)) > 0, 10_000);

      const started = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      const ms = performance.now() - started;
      expect({ code, log: code === 0 ? '' : log.slice(-2_000) }).toEqual({ code: 0, log: '' });
      expect(ms).toBeLessThan(10_000);
      expect(log).toMatch(/"msg":"shut down"/);
    } finally {
      agent.destroy();
      child.kill('SIGKILL');
      silent.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});

function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

function silentConnections(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((_error, count) => resolve(count)));
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
