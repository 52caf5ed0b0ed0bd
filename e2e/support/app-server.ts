import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of an app under test: demo data in its own folder, quiet log, links to itself. */
export function testAppEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
  };
}

export interface AppServer {
  baseURL: string;
  close(): Promise<void>;
}

/**
 * A second instance of the built app with its own configuration and embedded database, for journeys
 * that need settings the shared one does not have. Closed (process and data folder) by `close`.
 */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-e2e-app-'));
  const baseURL = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...testAppEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${baseURL}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, close };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await close();
  throw new Error(`the app did not start on ${baseURL}`);
}
