import type { InvoiceRunAnswer, InvoiceSummary, TenantBilling } from '@leasing/contract';
import { isValidLeitwegId } from '@leasing/contract';
import { monthBounds, parsePayrollMonth } from '@leasing/payroll';

import { berlinToday } from '../../lib/berlin-day.js';
import { AppError } from '../../lib/errors.js';
import { tenantsWithBillableLeases } from '../orders/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import type { BillingActor, BillingDeps } from './deps.js';
import { customerNumberOf, InvoiceCheckFailed, issueInvoice } from './issue.js';
import { billableLeases } from './leases.js';
import { leaseLines, type BillableLease } from './lines.js';
import * as repo from './repository.js';
import { startRunProgress, type RunCounts, type RunProgress } from './run-progress.js';
import { toSummaries } from './views.js';
import { dueDateOf } from './totals.js';

/** Employers per batch: their leases are read together, each invoice is its own transaction. */
const TENANT_BATCH = 50;

type Skipped = InvoiceRunAnswer['skipped'][number];

function refusal(billing: TenantBilling | undefined): Omit<Skipped, 'tenantId' | 'tenantName'> | null {
  if (!billing) {
    return { reason: 'NO_BILLING_DATA', message: 'Keine Rechnungsdaten hinterlegt (Rechnungsadresse und E-Mail).' };
  }
  if (billing.isPublicBody && !isValidLeitwegId(billing.leitwegId ?? '')) {
    return { reason: 'LEITWEG_ID_MISSING', message: 'Öffentlicher Auftraggeber ohne gültige Leitweg-ID.' };
  }
  return null;
}

/**
 * The monthly invoice run: one invoice per employer with leases in use in `month`. Idempotent per
 * employer and month (an invoice in force is answered again, nothing new is written); an employer
 * that cannot be invoiced is skipped with its reason, the others go on. `leaveCredited` (the
 * scheduled run): an employer whose invoice of the month a credit note cancelled is left to the
 * provider, who invoices it again once the data is right. `runId`: the run records its progress
 * under it (`run-progress.ts`) once the month and the seller's data were found in order.
 */
export async function runInvoices(
  deps: BillingDeps,
  month: string,
  actor: BillingActor,
  options: { leaveCredited?: boolean; runId?: string } = {},
): Promise<InvoiceRunAnswer> {
  const profile = await repo.readProfile(deps.db);
  if (!profile) {
    throw new AppError('VALIDATION_FAILED', 'Bitte zuerst die Rechnungsstellerdaten hinterlegen.', {
      errors: [{ field: 'billingProfile', message: 'required' }],
    });
  }
  const monthIndex = parsePayrollMonth(month);
  const today = berlinToday(deps.clock.now());
  if (month > today.slice(0, 7)) {
    throw new AppError('VALIDATION_FAILED', 'Ein Monat in der Zukunft kann nicht abgerechnet werden.', {
      errors: [{ field: 'month', message: 'Ein Monat in der Zukunft kann nicht abgerechnet werden.' }],
    });
  }
  const progress = await startRunProgress(deps, { runId: options.runId, month, startedBy: actor.id });
  const counts: RunCounts = { employersDone: 0, createdCount: 0, skippedCount: 0 };
  try {
    const answer = await invoiceMonth(deps, { month, monthIndex, today, profile, actor, options }, progress, counts);
    await progress.finished(answer, counts);
    return answer;
  } catch (error) {
    // The progress record says so; the request answers the error as always.
    await progress.failed(counts).catch(() => {});
    throw error;
  }
}

async function invoiceMonth(
  deps: BillingDeps,
  run: {
    month: string;
    monthIndex: number;
    today: string;
    profile: NonNullable<Awaited<ReturnType<typeof repo.readProfile>>>;
    actor: BillingActor;
    options: { leaveCredited?: boolean };
  },
  progress: RunProgress,
  counts: RunCounts,
): Promise<InvoiceRunAnswer> {
  const { month, monthIndex, today, profile, actor, options } = run;
  const { last } = monthBounds(monthIndex);
  const [candidates, invoiced] = await Promise.all([
    tenantsWithBillableLeases(deps.db, last),
    repo.tenantsInvoicedIn(deps.db, month, { includeCredited: options.leaveCredited === true }),
  ]);
  const facts = await tenantFactsOf(deps.db, candidates);
  const billing = await repo.readTenantBilling(deps.db, candidates);
  const createdIds: string[] = [];
  const skipped: Skipped[] = [];
  // By name, as people read the answer (the facts come sorted).
  const order = [...facts.values()].map((f) => f.id);
  const open = order.filter((id) => !invoiced.has(id));
  await progress.counted(open.length);
  // One employer: its invoice, or why it has none.
  const invoiceTenant = async (
    tenantId: string,
    leases: Map<string, BillableLease[]>,
  ): Promise<'CREATED' | 'SKIPPED' | 'NONE'> => {
    const name = facts.get(tenantId)?.name ?? '';
    const tenantBilling = billing.get(tenantId);
    const refused = refusal(tenantBilling);
    if (refused || !tenantBilling) {
      skipped.push({ tenantId, tenantName: name, ...(refused ?? { reason: 'NO_BILLING_DATA', message: '' }) });
      return 'SKIPPED';
    }
    const lines = (leases.get(tenantId) ?? []).flatMap((lease) => leaseLines(lease, monthIndex));
    if (lines.length === 0) {
      skipped.push({
        tenantId,
        tenantName: name,
        reason: 'NOTHING_TO_BILL',
        message: 'Keine Leasingrate in diesem Monat.',
      });
      return 'SKIPPED';
    }
    try {
      const created = await issueOnce(deps, { tenantId, month, today, name, tenantBilling, lines, profile, actor });
      if (!created) return 'NONE';
      createdIds.push(created);
      return 'CREATED';
    } catch (error) {
      if (!(error instanceof InvoiceCheckFailed)) throw error;
      skipped.push({ tenantId, tenantName: name, reason: 'CHECK_FAILED', message: error.problems.join('; ') });
      return 'SKIPPED';
    }
  };
  for (let i = 0; i < open.length; i += TENANT_BATCH) {
    const batch = open.slice(i, i + TENANT_BATCH);
    const leases = await billableLeases(deps.db, batch, monthIndex);
    for (const tenantId of batch) {
      const outcome = await invoiceTenant(tenantId, leases);
      counts.employersDone += 1;
      if (outcome === 'CREATED') counts.createdCount += 1;
      if (outcome === 'SKIPPED') counts.skippedCount += 1;
      await progress.step(counts);
    }
  }
  if (createdIds.length > 0) deps.mailSent();
  const all = await repo.invoiceSummaries(deps.db, { month });
  const summaries = toSummaries(all, facts);
  const created = new Set(createdIds);
  const isCurrentInvoice = (s: InvoiceSummary) => s.type === 'INVOICE' && s.status === 'ISSUED';
  return {
    month,
    created: summaries.filter((s) => created.has(s.id)),
    existing: summaries.filter((s) => isCurrentInvoice(s) && !created.has(s.id)),
    skipped,
  };
}

async function issueOnce(
  deps: BillingDeps,
  input: {
    tenantId: string;
    month: string;
    today: string;
    name: string;
    tenantBilling: TenantBilling;
    lines: ReturnType<typeof leaseLines>;
    profile: NonNullable<Awaited<ReturnType<typeof repo.readProfile>>>;
    actor: BillingActor;
  },
): Promise<string | null> {
  const { profile, tenantId } = input;
  const row = await issueInvoice(
    deps,
    {
      type: 'INVOICE',
      tenantId,
      month: input.month,
      issueDate: input.today,
      dueDate: dueDateOf(input.today, profile.paymentTermsDays),
      parties: {
        seller: profile,
        buyer: { name: input.name, customerNumber: customerNumberOf(tenantId), billing: input.tenantBilling },
      },
      lines: input.lines,
      actorId: input.actor.id,
      requestId: input.actor.requestId,
    },
    // Another instance may have issued it meanwhile: asked under the counter's lock (the row every
    // issuing transaction takes), which sees the other's commit.
    async (tx) => !(await repo.activeInvoiceOf(tx, tenantId, input.month)),
  );
  return row?.id ?? null;
}
