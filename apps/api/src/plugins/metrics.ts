import crypto from 'node:crypto';
import http from 'node:http';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type DependencyState = 'ok' | 'degraded' | 'unavailable';
const DEPENDENCY_STATES: readonly DependencyState[] = ['ok', 'degraded', 'unavailable'];

/**
 * Prometheus metrics (prom-client): request durations by route and status, the process's own figures
 * (event-loop lag, memory, GC), and counters the modules feed (mails, jobs, caches). One registry per
 * app, so tests can build several apps in one process.
 *
 * Reachable only for the monitoring system: with `Authorization: Bearer $METRICS_TOKEN` on the app's
 * port, or on a separate `METRICS_PORT` (bind it to an internal interface). Neither set: no endpoint.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by route template, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly mailFailures = new Counter({
    name: 'mail_delivery_failures_total',
    help: 'Failed mail deliveries: retried later, or given up (after 24 h or a permanent refusal)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly mailsSent = new Counter({
    name: 'mail_deliveries_total',
    help: 'Mails the SMTP server accepted',
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of scheduled jobs by job and result',
    labelNames: ['job', 'result'] as const,
    registers: [this.registry],
  });
  readonly cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups of in-memory answer caches by cache and result (hit ratio = hit / all)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Each dependency's state, asked at scrape time: `dependency_state{dependency, state}` is 1 for the
   * state it is in (`ok`, `degraded`: optional and away, the instance serves without it; `unavailable`:
   * required and away) and 0 for the others, so an alert reads `dependency_state{state!="ok"} == 1`.
   */
  dependencies(read: () => Promise<Record<string, DependencyState>>): void {
    new Gauge({
      name: 'dependency_state',
      help: 'State of each dependency at scrape time (1 for the current state): ok, degraded or unavailable',
      labelNames: ['dependency', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [dependency, current] of Object.entries(await read())) {
          for (const state of DEPENDENCY_STATES) this.labels(dependency, state).set(state === current ? 1 : 0);
        }
      },
    });
  }

  /** A gauge read at scrape time (e.g. the database pool's connections). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }
}

export interface MetricsOptions {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

/** Times every request and serves `/metrics` as configured; returns the separate listener, if any. */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: MetricsOptions,
): Promise<http.Server | null> {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.httpDuration
      .labels(request.method, request.routeOptions.url ?? 'unmatched', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });

  const token = options.token;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.code(404).send({ status: 404, code: 'NOT_FOUND', message: 'Nicht gefunden' });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }
  if (options.port === undefined) return null;
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  app.addHook('onClose', async () => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from answer times. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const a = crypto.createHash('sha256').update(presented).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}
