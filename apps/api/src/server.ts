import { ConfigError, loadConfig, type AppConfig } from './config/env.js';
import { DatabaseStartError } from './db/client.js';
import { loggableError } from './lib/loggable-error.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REGISTER_CODE } from './modules/demo/accounts.js';
import { startRuntime, type Runtime } from './runtime.js';

/** Grace period for in-flight requests on SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: AppConfig;
  let runtime: Runtime;
  try {
    config = loadConfig();
    runtime = await startRuntime(config);
    await runtime.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Start-up problems are the operator's: one clear line, no stack trace.
    if (error instanceof ConfigError || error instanceof DatabaseStartError) {
      process.stderr.write(`${error.message}\n`);
    } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`Port already in use: ${(error as Error).message}\n`);
    } else {
      process.stderr.write(`Start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  }
  announce(config, runtime);
  if (runtime.database.kind === 'postgres' && runtime.database.connectsAsOwner()) {
    // Row-level security still holds (each session switches to leasing_app), but an injected
    // statement could switch back; production deployments give the application a role of its own.
    runtime.app.log.warn(
      'DATABASE_URL logs in as the tables owner: set DATABASE_OWNER_URL for migrations and let DATABASE_URL name a role in leasing_app (docs/deploy.md)',
    );
  }
  installShutdown(runtime);
}

function announce(config: AppConfig, runtime: Runtime): void {
  const address = runtime.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  E-Auto-Leasing läuft: http://localhost:${port}`,
    `  Datenbank: ${runtime.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API-Dokumentation: http://localhost:${port}/docs`,
  ];
  if (config.demoData) {
    lines.push(
      `  Demo-Zugänge (Passwort ${DEMO_PASSWORD}):`,
      `    Mitarbeiter:    ${DEMO_ACCOUNTS.employee}`,
      `    Arbeitgeber:    ${DEMO_ACCOUNTS.tenantAdmin}`,
      `    Anbieter-Admin: ${DEMO_ACCOUNTS.providerAdmin}`,
      `  Registrierungscode des Demo-Arbeitgebers: ${DEMO_REGISTER_CODE}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests (a request arriving on an open keep-alive
 * connection is served and the connection closed), stop the workers (each waits for its current piece
 * of work at most a few seconds, see app.ts), quit Redis and close the pool, then exit 0. Whatever
 * still runs after the grace period is cut off with exit 1, and the log says so.
 */
function installShutdown(runtime: Runtime): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    runtime.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      runtime.app.log.error({ graceMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown did not finish within its grace period');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    runtime.close().then(
      () => {
        runtime.app.log.info({ ms: Math.round(performance.now() - started) }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        runtime.app.log.error({ err: loggableError(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();
