import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { DatabaseKind } from '../../db/client.js';

export interface HealthDeps {
  kind: DatabaseKind;
  version: string;
  ping(): Promise<void>;
  /** Further dependencies a ready instance needs (e.g. Redis when configured), by name. */
  extraChecks?: Record<string, () => Promise<void>>;
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
          summary: 'Ready for traffic: migrated, database and other dependencies reachable',
          response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema },
        },
      },
      async (_request, reply) => {
        // The app is built only after migrations ran, so a running app is a migrated one.
        const checks = { database: deps.ping, ...deps.extraChecks };
        const results = await Promise.all(
          Object.entries(checks).map(async ([name, check]) => {
            const ok = await withTimeout(check(), PING_TIMEOUT_MS).then(
              () => true,
              () => false,
            );
            return [name, ok ? 'ok' : 'unavailable'] as const;
          }),
        );
        const ready = results.every(([, state]) => state === 'ok');
        return reply
          .code(ready ? 200 : 503)
          .header('cache-control', 'no-store')
          .send({ status: ready ? 'ok' : 'unavailable', migrations: 'done', checks: Object.fromEntries(results) });
      },
    );
  };
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
