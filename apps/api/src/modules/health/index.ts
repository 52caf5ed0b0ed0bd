/**
 * Health checks: `/health`, `/health/live` and `/health/ready`.
 *
 * `/health`: the database reachable; `/health/live` and `/health/ready` for a load balancer or orchestrator. An
 * optional dependency that does not answer (Redis) makes the instance `degraded`, still ready (`routes.ts`,
 * docs/decisions/0030-reliability-at-the-edge.md).
 *
 * The face of modules/health: what other modules and the flows may import.
 */
export { checkDependencies, healthRoutes } from './routes.js';
