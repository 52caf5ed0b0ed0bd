import { z } from 'zod/mini';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const LivenessResponseSchema = z.object({ status: z.literal('ok') });

/**
 * Readiness: every dependency by name (`database`, `redis` when configured). `degraded`: an optional
 * dependency is away and the instance serves without it (ready, answered with 200).
 */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  migrations: z.literal('done'),
  checks: z.record(z.string(), z.enum(['ok', 'degraded', 'unavailable'])),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
