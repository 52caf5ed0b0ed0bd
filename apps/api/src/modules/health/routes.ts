import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { DatabaseKind } from '../../db/client.js';
import type { DependencyState } from '../../plugins/metrics.js';

export interface HealthDeps {
  kind: DatabaseKind;
  version: string;
  ping(): Promise<void>;
  /**
   * Dependencies the instance serves without, by name (Redis: the budgets fall back to this process).
   * One that does not answer makes the instance `degraded`, still ready: taking every instance out
   * because of them would turn their outage into a full one.
   */
  optionalChecks?: Record<string, () => Promise<void>>;
}

const PING_TIMEOUT_MS = 2_000;

export function healthRoutes(deps: HealthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
        },
      },
      async (_request, reply) => {
        const reachable = await withTimeout(deps.ping(), PING_TIMEOUT_MS).then(
          () => true,
          () => false,
        );
        void reply.header('cache-control', 'no-store');
        return reply
          .code(reachable ? 200 : 503)
          .send({ status: reachable ? 'ok' : 'unavailable', database: deps.kind, version: deps.version });
      },
    );

    // For a load balancer or orchestrator: "live" restarts a stuck process, "ready" routes traffic.
    app.get(
      '/health/live',
      { schema: { tags: ['system'], summary: 'The process is up', response: { 200: LivenessResponseSchema } } },
      async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Send me traffic: migrated and the database reachable (optional dependencies reported)',
          response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema },
        },
      },
      async (_request, reply) => {
        // The app is built only after migrations ran, so a running app is a migrated one.
        const checks = await checkDependencies(deps);
        const states = Object.values(checks);
        const status: DependencyState = states.includes('unavailable')
          ? 'unavailable'
          : states.includes('degraded')
            ? 'degraded'
            : 'ok';
        return reply
          .code(status === 'unavailable' ? 503 : 200)
          .header('cache-control', 'no-store')
          .send({ status, migrations: 'done', checks });
      },
    );
  };
}

/**
 * Every dependency's state, asked at once, each within {@link PING_TIMEOUT_MS}: the database is
 * required (`unavailable` when away), the optional ones are `degraded` when away. `/metrics` reports
 * the same answers.
 */
export async function checkDependencies(
  deps: Pick<HealthDeps, 'ping' | 'optionalChecks'>,
): Promise<Record<string, DependencyState>> {
  const answers = (checks: Record<string, () => Promise<void>>, away: DependencyState) =>
    Object.entries(checks).map(async ([name, check]) => {
      const ok = await withTimeout(check(), PING_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      return [name, ok ? 'ok' : away] as const;
    });
  const results = await Promise.all([
    ...answers({ database: deps.ping }, 'unavailable'),
    ...answers(deps.optionalChecks ?? {}, 'degraded'),
  ]);
  return Object.fromEntries(results);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
