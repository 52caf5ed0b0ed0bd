import { PipelineStatuses, type ProviderDashboard, type StepType } from '@leasing/contract';
import { asc } from 'drizzle-orm';

import { orders, tenants, userSteps } from '../../db/schema.js';
import type { OrderDeps } from '../orders/deps.js';
import { stepById, STEP_DEFINITIONS } from '../orders/steps.js';
import { berlinMonth } from './berlin-dates.js';
import { requireProvider, type ProviderActor } from './deps.js';
import { pipelineStatusOf } from './pipeline.js';

const DAY_MS = 24 * 3600_000;
/** The steps an order passes through; the terminal states have no duration. */
const WORKFLOW_STEPS = STEP_DEFINITIONS.filter((s) => !s.final || s.success).map((s) => s.stepType);

/**
 * `GET /v1/provider/dashboard`: orders per pipeline status and per employer, the median days each
 * step takes (from becoming current to being completed), and this month's handovers.
 */
export async function dashboard(deps: OrderDeps, actor: ProviderActor): Promise<ProviderDashboard> {
  requireProvider(actor);
  const month = berlinMonth(deps.clock.now());
  const all = await deps.db
    .select({ tenantId: orders.tenantId, status: orders.status, handoverDate: orders.handoverDate })
    .from(orders);
  const names = await deps.db.select({ id: tenants.id, name: tenants.name }).from(tenants).orderBy(asc(tenants.name));
  const byStatus = PipelineStatuses.map((status) => ({
    status,
    count: all.filter((o) => pipelineStatusOf(o.status, o.handoverDate) === status).length,
  }));
  const byTenant = names.map((t) => ({
    tenantId: t.id,
    name: t.name,
    count: all.filter((o) => o.tenantId === t.id).length,
  }));
  const records = await deps.db
    .select({
      orderId: userSteps.orderId,
      stepId: userSteps.stepId,
      status: userSteps.status,
      modified: userSteps.modified,
    })
    .from(userSteps)
    .orderBy(asc(userSteps.seq));
  return {
    byStatus,
    byTenant,
    medianDaysPerStep: medianDays(records),
    handoversThisMonth: all.filter((o) => o.handoverDate?.startsWith(month)).length,
    month,
  };
}

/**
 * A step's duration: from the record that made it current (status empty) to the next record of the
 * same step on the same order (accepted or declined).
 */
export function medianDays(
  records: { orderId: number; stepId: number; status: string | null; modified: Date }[],
): ProviderDashboard['medianDaysPerStep'] {
  const started = new Map<string, Date>();
  const durations = new Map<StepType, number[]>();
  for (const r of records) {
    const key = `${r.orderId}:${r.stepId}`;
    if (r.status === null) {
      started.set(key, r.modified);
      continue;
    }
    const start = started.get(key);
    const type = stepById(r.stepId)?.stepType;
    if (!start || !type) continue;
    started.delete(key);
    const list = durations.get(type) ?? [];
    list.push((r.modified.getTime() - start.getTime()) / DAY_MS);
    durations.set(type, list);
  }
  return WORKFLOW_STEPS.map((stepType) => {
    const list = (durations.get(stepType) ?? []).sort((a, b) => a - b);
    return { stepType, medianDays: median(list), samples: list.length };
  });
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
}
