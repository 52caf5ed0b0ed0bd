import { HealthResponseSchema } from '@leasing/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { DatabaseKind } from '../../db/client.js';

export interface HealthDeps {
  kind: DatabaseKind;
  version: string;
  ping(): Promise<void>;
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
