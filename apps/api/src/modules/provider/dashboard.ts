import { PipelineStatuses, type ProviderDashboard, type StepType } from '@leasing/contract';
import { asc, gt, sql } from 'drizzle-orm';

import { orders, userSteps } from '../../db/schema.js';
import type { OrderDeps } from '../orders/index.js';
import { stepById, STEP_DEFINITIONS } from '../orders/index.js';
import { allTenantNames } from '../tenants/index.js';
import { berlinMonth } from '../../lib/berlin-dates.js';
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
  // Counted in the database: one row per employer, step and handover state, not one per order.
  const groups = await deps.db
    .select({
      tenantId: orders.tenantId,
      status: orders.status,
      handedOver: sql<boolean>`${orders.handoverDate} is not null`,
      n: sql<number>`count(*)::int`,
      thisMonth: sql<number>`(count(*) filter (where ${orders.handoverDate} like ${`${month}%`}))::int`,
    })
    .from(orders)
    .groupBy(orders.tenantId, orders.status, sql`${orders.handoverDate} is not null`);
  const names = await allTenantNames(deps.db);
  const byStatus = PipelineStatuses.map((status) => ({
    status,
    count: groups
      .filter((g) => pipelineStatusOf(g.status, g.handedOver ? 'handed over' : null) === status)
      .reduce((sum, g) => sum + Number(g.n), 0),
  }));
  const perTenant = new Map<string, number>();
  for (const g of groups) perTenant.set(g.tenantId, (perTenant.get(g.tenantId) ?? 0) + Number(g.n));
  const byTenant = names.map((t) => ({ tenantId: t.id, name: t.name, count: perTenant.get(t.id) ?? 0 }));
  return {
    byStatus,
    byTenant,
    medianDaysPerStep: await stepMedians(deps),
    handoversThisMonth: groups.reduce((sum, g) => sum + Number(g.thisMonth), 0),
    month,
  };
}

/** How long a step's history is read on from where the last request left off before it is read anew. */
const REBUILD_AFTER_MS = 10 * 60_000;

interface StepHistoryState {
  lastSeq: number;
  builtAt: number;
  durations: StepDurations;
  medians: ProviderDashboard['medianDaysPerStep'] | null;
}
interface StepHistory {
  state: StepHistoryState;
  /** The history being read anew, while requests are still answered from `state`. */
  rebuilding: Promise<StepHistoryState> | null;
}
const histories = new WeakMap<object, StepHistory>();

type StepRecord = Parameters<StepDurations['add']>[0][number] & { seq: number };

/** The step records written after `afterSeq`, oldest first. */
function recordsAfter(deps: OrderDeps, afterSeq: number): Promise<StepRecord[]> {
  return deps.db
    .select({
      seq: userSteps.seq,
      orderId: userSteps.orderId,
      stepId: userSteps.stepId,
      status: userSteps.status,
      modified: userSteps.modified,
    })
    .from(userSteps)
    .where(gt(userSteps.seq, afterSeq))
    .orderBy(asc(userSteps.seq));
}

/** Reads on from the state's last sequence number; the medians again only when records came. */
async function readOn(deps: OrderDeps, state: StepHistoryState): Promise<StepHistoryState> {
  const read = await recordsAfter(deps, state.lastSeq);
  // Two requests at once read the same records: the one answered second adds only what is still new.
  const records = read.filter((r) => r.seq > state.lastSeq);
  if (records.length > 0 || !state.medians) {
    state.durations.add(records);
    state.lastSeq = records.at(-1)?.seq ?? state.lastSeq;
    state.medians = state.durations.medians();
  }
  return state;
}

/** The whole history read anew (a quarter of a million records at a provider's size: most of a second). */
function readAnew(deps: OrderDeps): Promise<StepHistoryState> {
  return readOn(deps, { lastSeq: 0, builtAt: Date.now(), durations: new StepDurations(), medians: null });
}

/**
 * The medians over the whole step history, read on from the last sequence number seen (records are
 * only appended), so a request reads the records written since the one before, not the history
 * again. Read anew every ten minutes (an unsigned order can be deleted with its records): in the
 * background, the requests meanwhile answered from the history as it was and read on from it, so no
 * request waits for the whole history but the process's first.
 */
async function stepMedians(deps: OrderDeps): Promise<ProviderDashboard['medianDaysPerStep']> {
  let history = histories.get(deps.db);
  if (!history) {
    history = { state: await readAnew(deps), rebuilding: null };
    const existing = histories.get(deps.db);
    if (existing) history = existing;
    else histories.set(deps.db, history);
  } else if (!history.rebuilding && Date.now() - history.state.builtAt > REBUILD_AFTER_MS) {
    const current = history;
    // The request's scope goes with it (the provider's): the rebuild reads what this request may.
    current.rebuilding = readAnew(deps)
      .then((fresh) => (current.state = fresh))
      .catch(() => current.state)
      .finally(() => (current.rebuilding = null));
  }
  return (await readOn(deps, history.state)).medians ?? [];
}

/**
 * A step's duration: from the record that made it current (status empty) to the next record of the
 * same step on the same order (accepted or declined).
 */
export function medianDays(
  records: { orderId: number; stepId: number; status: string | null; modified: Date }[],
): ProviderDashboard['medianDaysPerStep'] {
  const durations = new StepDurations();
  durations.add(records);
  return durations.medians();
}

/** The durations of completed steps, fed with records in the order they were written. */
class StepDurations {
  private readonly started = new Map<string, Date>();
  private readonly durations = new Map<StepType, number[]>();

  add(records: { orderId: number; stepId: number; status: string | null; modified: Date }[]): void {
    for (const r of records) {
      const key = `${r.orderId}:${r.stepId}`;
      if (r.status === null) {
        this.started.set(key, r.modified);
        continue;
      }
      const start = this.started.get(key);
      const type = stepById(r.stepId)?.stepType;
      if (!start || !type) continue;
      this.started.delete(key);
      const list = this.durations.get(type) ?? [];
      list.push((r.modified.getTime() - start.getTime()) / DAY_MS);
      this.durations.set(type, list);
    }
  }

  medians(): ProviderDashboard['medianDaysPerStep'] {
    return WORKFLOW_STEPS.map((stepType) => {
      const list = [...(this.durations.get(stepType) ?? [])].sort((a, b) => a - b);
      return { stepType, medianDays: median(list), samples: list.length };
    });
  }
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return Math.round(value * 10) / 10;
}
