import type { FastifyInstance } from 'fastify';

import { currentRequestContext } from './request-context.js';

/**
 * Where a request's time goes, phase by phase, as a `Server-Timing` header (SERVER_TIMING=true, never
 * in production: the header would tell anyone how long the database took for whom). Off, a phase
 * costs one context lookup and nothing is recorded. The bench (`npm run bench -- api`) reads it to
 * break the latency down (ADR 0044).
 */
export type Phase = 'jwt' | 'user' | 'scope' | 'programme' | 'profile' | 'answer';

/** One request's phases in milliseconds, from when the request arrived (performance.now()). */
export interface RequestTiming {
  start: number;
  phases: Partial<Record<Phase, number>>;
}

/** Records the time `work` takes under `phase` (added up when the phase runs more than once). */
export async function timed<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  const timing = currentRequestContext()?.timing;
  if (!timing) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    timing.phases[phase] = (timing.phases[phase] ?? 0) + performance.now() - start;
  }
}

/** Turns timing on for every request of `app` (after the request context) and sends the phases. */
export function registerServerTiming(app: FastifyInstance): void {
  app.addHook('onRequest', async () => {
    const context = currentRequestContext();
    if (context) context.timing = { start: performance.now(), phases: {} };
  });
  app.addHook('onSend', async (_request, reply) => {
    const timing = currentRequestContext()?.timing;
    if (!timing) return;
    const phases = Object.entries(timing.phases).map(([name, ms]) => `${name};dur=${ms.toFixed(3)}`);
    // The whole time in the app up to sending, so the rest (socket, client) can be told apart.
    phases.push(`app;dur=${(performance.now() - timing.start).toFixed(3)}`);
    void reply.header('server-timing', phases.join(', '));
  });
}
