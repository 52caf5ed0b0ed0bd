import type { BillingProfile, TenantBilling, TenantBillingAnswer } from '@leasing/contract';

import { recordAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { tenantFactsOf } from '../tenants/index.js';
import type { BillingActor, BillingDeps } from './deps.js';
import { datevBookings, windows1252 } from './datev.js';
import type { InvoicedParties } from './issue.js';
import * as repo from './repository.js';

/** Field names of what was saved, for the audit trail (never the values). */
const fieldsOf = (value: object) => Object.keys(value).sort();

export async function readBillingProfile(deps: BillingDeps): Promise<BillingProfile> {
  const profile = await repo.readProfile(deps.db);
  if (!profile) throw notFound('Noch keine Rechnungsstellerdaten hinterlegt');
  return profile;
}

export async function saveBillingProfile(deps: BillingDeps, profile: BillingProfile, actor: BillingActor): Promise<BillingProfile> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.writeProfile(tx, profile, actor.id, now);
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: null,
      action: 'billing.profile_saved',
      subjectType: 'billing_profile',
      subjectId: null,
      fields: fieldsOf(profile),
      requestId: actor.requestId,
      at: now,
    });
  });
  return profile;
}

export async function readTenantBillingOf(deps: BillingDeps, tenantId: string): Promise<TenantBillingAnswer> {
  const facts = (await tenantFactsOf(deps.db, [tenantId])).get(tenantId);
  if (!facts) throw notFound('Arbeitgeber nicht gefunden');
  const billing = (await repo.readTenantBilling(deps.db, [tenantId])).get(tenantId) ?? null;
  return { tenantId, tenantName: facts.name, billing };
}

export async function saveTenantBilling(
  deps: BillingDeps,
  tenantId: string,
  billing: TenantBilling,
  actor: BillingActor,
): Promise<TenantBillingAnswer> {
  const facts = (await tenantFactsOf(deps.db, [tenantId])).get(tenantId);
  if (!facts) throw notFound('Arbeitgeber nicht gefunden');
  // Empty optional fields are stored as absent: a Leitweg-ID only for a public body.
  const clean: TenantBilling = {
    ...billing,
    vatId: billing.vatId || null,
    buyerReference: billing.buyerReference || null,
    leitwegId: billing.isPublicBody ? billing.leitwegId || null : null,
    datevDebtorAccount: billing.datevDebtorAccount || null,
  };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.writeTenantBilling(tx, tenantId, clean, actor.id, now);
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId,
      action: 'billing.tenant_saved',
      subjectType: 'tenant',
      subjectId: tenantId,
      fields: fieldsOf(clean),
      requestId: actor.requestId,
      at: now,
    });
  });
  return { tenantId, tenantName: facts.name, billing: clean };
}

/** The month's invoices and credit notes as DATEV bookings. */
export async function billingExport(deps: BillingDeps, month: string): Promise<Buffer> {
  const profile = await readBillingProfile(deps);
  const rows = await repo.invoiceSummaries(deps.db, { month });
  const bookings = rows.map((row) => {
    const parties = row.parties as InvoicedParties;
    return {
      number: row.number,
      type: row.type,
      issueDate: row.issueDate,
      grossCents: row.grossCents,
      tenantName: parties.buyer.name,
      month: row.month,
      billing: parties.buyer.billing,
    };
  });
  return windows1252(datevBookings(profile, month, bookings, deps.clock.now()));
}
