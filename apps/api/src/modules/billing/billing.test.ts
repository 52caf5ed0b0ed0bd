import { randomUUID } from 'node:crypto';

import type {
  InvoiceDetail,
  InvoicePage,
  InvoiceRunAnswer,
  InvoiceRunProgress,
  TenantBillingAnswer,
} from '@leasing/contract';
import { formatPayrollMonth, monthOfDate } from '@leasing/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eq } from 'drizzle-orm';

import { invoices } from '../../db/schema-billing.js';
import { outbox } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildEmployee, buildLease } from '../../test-support/builders.js';
import { buildTenant } from '../../test-support/factories.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { firstWorkingDay, runMonthlyInvoicesIfDue } from './jobs.js';
import { runInvoices } from './run.js';
import { RUN_SILENT_AFTER_MS, startRunProgress } from './run-progress.js';
import { netOfGross } from './lines.js';
import { billingProfileFixture, tenantBillingFixture } from '../../test-support/billing-builders.js';

const tagText = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

describe.each(databaseTargets())('the provider invoices its employers on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let musterId: string;
  let month: string;
  let invoiceId: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;

  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    const today = berlinToday(t.clock.now());
    month = formatPayrollMonth(monthOfDate(today, 'today') - 1);
    musterId = (await call<TenantBillingAnswer>('GET', '/v1/tenant/billing', tokens.tenantAdmin)).body.tenantId;
    // Three people of Muster GmbH with a running lease each (one person's later lease would end the earlier).
    for (const [prefix, months] of [
      ['rate-a', 14],
      ['rate-b', 5],
      ['rate-c', 2],
    ] as const) {
      const person = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix });
      await buildLease(t, person.accessToken, { handedOverMonthsAgo: months });
    }
    other = await buildTenant(t.app, t.runtime.database.db, {
      prefix: 'amt',
      name: 'Stadtwerke Musterstadt',
      now: t.clock.now(),
    });
    await buildLease(t, other.employee.accessToken, { handedOverMonthsAgo: 3 });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad master data with German field errors and only for the provider', async () => {
    const bad = await call<{ errors: { field: string; message: string }[] }>(
      'PUT',
      '/v1/provider/billing-profile',
      tokens.provider,
      {
        ...billingProfileFixture(),
        iban: 'DE02120300000000202052',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      field: 'iban',
      message: 'Die IBAN ist ungültig (Länge oder Prüfziffer).',
    });
    const leitweg = await call<{ errors: { field: string; message: string }[] }>(
      'PUT',
      `/v1/provider/tenants/${other.tenantId}/billing`,
      tokens.provider,
      tenantBillingFixture({ isPublicBody: true, leitwegId: '04011000-12345-04' }),
    );
    expect(leitweg.status).toBe(400);
    expect(leitweg.body.errors[0]?.field).toBe('leitwegId');
    expect(
      (await call('PUT', '/v1/provider/billing-profile', tokens.tenantAdmin, billingProfileFixture())).status,
    ).toBe(403);
    expect((await call('POST', '/v1/provider/invoices/run', tokens.tenantAdmin, { month })).status).toBe(403);
    expect((await call('PUT', '/v1/provider/billing-profile', tokens.provider, billingProfileFixture())).status).toBe(
      200,
    );
  });

  it('invoices Muster GmbH once: three lease lines, totals to the cent, an XRechnung 3.0; a public body without Leitweg-ID is skipped', async () => {
    expect(
      (await call('PUT', `/v1/provider/tenants/${musterId}/billing`, tokens.provider, tenantBillingFixture())).status,
    ).toBe(200);
    expect(
      (
        await call(
          'PUT',
          `/v1/provider/tenants/${other.tenantId}/billing`,
          tokens.provider,
          tenantBillingFixture({ isPublicBody: true, billingEmail: 'rechnung@amt.example' }),
        )
      ).status,
    ).toBe(200);
    const run = await call<InvoiceRunAnswer>('POST', '/v1/provider/invoices/run', tokens.provider, { month });
    expect(run.status).toBe(200);
    expect(run.body.created.map((i) => i.tenantId)).toEqual([musterId]);
    expect(run.body.skipped).toContainEqual(
      expect.objectContaining({ tenantId: other.tenantId, reason: 'LEITWEG_ID_MISSING' }),
    );
    const created = run.body.created[0] as InvoiceRunAnswer['created'][number];
    invoiceId = created.id;
    expect(created.number).toMatch(/^RE-\d{4}-\d{6}$/);
    const detail = (await call<InvoiceDetail>('GET', `/v1/provider/invoices/${invoiceId}`, tokens.provider)).body;
    expect(detail.lines).toHaveLength(3);
    const lineCents = detail.lines.map((l) => Math.round(l.netEur * 100));
    const sum = lineCents.reduce((a, b) => a + b, 0);
    expect(Math.round(detail.netEur * 100)).toBe(sum);
    expect(Math.round(detail.vatEur * 100)).toBe(Math.round((sum * 19) / 100));
    expect(Math.round(detail.grossEur * 100)).toBe(sum + Math.round((sum * 19) / 100));
    for (const line of detail.lines) expect(line.description).toMatch(/Leasingrate .* Vertrag Nr\. \d+/);

    const xml = (await call('GET', `/v1/provider/invoices/${invoiceId}/xml`, tokens.provider)).text;
    expect(tagText(xml, 'cbc:CustomizationID')).toEqual([
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    ]);
    expect(tagText(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(tagText(xml, 'cbc:PayableAmount')).toEqual([detail.grossEur.toFixed(2)]);
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(3);
    expect(tagText(xml, 'cbc:ID')).toContain('DE02120300000000202051');
    // The net of each line is the package's gross rate without the 19 % VAT.
    for (const cents of lineCents) expect(netOfGross(Math.round(cents * 1.19))).toBe(cents);

    // A second run creates nothing and answers the same invoice.
    const again = await call<InvoiceRunAnswer>('POST', '/v1/provider/invoices/run', tokens.provider, { month });
    expect(again.body.created).toEqual([]);
    expect(again.body.existing.map((i) => i.id)).toEqual([invoiceId]);

    // Mailed once to the billing address with the XML and the PDF.
    const mails = await runAsSystem(() => t.runtime.database.db.select().from(outbox));
    const invoiceMails = mails.filter(
      (m) => m.kind === 'INVOICE_ISSUED' && m.recipient === 'buchhaltung@muster.example',
    );
    expect(invoiceMails).toHaveLength(1);
    expect((invoiceMails[0]?.attachments ?? []).map((a) => a.filename).sort()).toEqual([
      `${created.number}.pdf`,
      `${created.number}.xml`,
    ]);
  });

  it('carries the Leitweg-ID in BT-10 once it is known', async () => {
    await call(
      'PUT',
      `/v1/provider/tenants/${other.tenantId}/billing`,
      tokens.provider,
      tenantBillingFixture({ isPublicBody: true, leitwegId: '04011000-12345-03', format: 'XRECHNUNG_CII' }),
    );
    const runId = randomUUID();
    const run = await call<InvoiceRunAnswer>('POST', '/v1/provider/invoices/run', tokens.provider, { month, runId });
    const created = run.body.created.find((i) => i.tenantId === other.tenantId);
    expect(created?.format).toBe('XRECHNUNG_CII');
    const xml = (await call('GET', `/v1/provider/invoices/${created?.id}/xml`, tokens.provider)).text;
    expect(xml).toContain('CrossIndustryInvoice');
    expect(tagText(xml, 'ram:BuyerReference')).toEqual(['04011000-12345-03']);

    // The run's record: Muster GmbH was invoiced before, so one employer was left to look at.
    const progress = await call<InvoiceRunProgress>('GET', `/v1/provider/invoices/runs/${runId}`, tokens.provider);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({
      runId,
      month,
      status: 'FINISHED',
      employersTotal: 1,
      employersDone: 1,
      createdCount: 1,
      skippedCount: 0,
    });
    expect(progress.body.answer).toEqual(run.body);
    expect(progress.body.finishedAt).not.toBeNull();
  });

  it("keeps a run's progress under its id: once per id, the provider's only, silent runs interrupted", async () => {
    const runId = randomUUID();
    expect((await call('POST', '/v1/provider/invoices/run', tokens.provider, { month, runId })).status).toBe(200);
    const again = await call<{ message: string }>('POST', '/v1/provider/invoices/run', tokens.provider, {
      month,
      runId,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Dieser Rechnungslauf wurde bereits gestartet.');
    expect((await call('GET', `/v1/provider/invoices/runs/${runId}`, tokens.tenantAdmin)).status).toBe(403);
    expect((await call('GET', `/v1/provider/invoices/runs/${randomUUID()}`, tokens.provider)).status).toBe(404);
    expect((await call('GET', '/v1/provider/invoices/runs/not-a-uuid', tokens.provider)).status).toBe(400);
    // A month in the future is refused before anything is recorded.
    const future = randomUUID();
    const refused = await call('POST', '/v1/provider/invoices/run', tokens.provider, {
      month: formatPayrollMonth(monthOfDate(berlinToday(t.clock.now()), 'today') + 2),
      runId: future,
    });
    expect(refused.status).toBe(400);
    expect((await call('GET', `/v1/provider/invoices/runs/${future}`, tokens.provider)).status).toBe(404);

    // A run whose instance went away: its record stops, and after five silent minutes it reads as interrupted.
    const deps = { db: t.runtime.database.db, clock: t.clock };
    const lost = randomUUID();
    const progress = await runAsSystem(() => startRunProgress(deps, { runId: lost, month, startedBy: null }));
    await runAsSystem(() => progress.counted(12));
    const read = () => call<InvoiceRunProgress>('GET', `/v1/provider/invoices/runs/${lost}`, tokens.provider);
    expect((await read()).body).toMatchObject({
      status: 'RUNNING',
      employersTotal: 12,
      employersDone: 0,
      answer: null,
    });
    const saved = t.clock.now();
    t.clock.advance(RUN_SILENT_AFTER_MS + 1000);
    try {
      expect((await read()).body.status).toBe('INTERRUPTED');
    } finally {
      t.clock.set(saved);
    }
  });

  it('lets HR read and download its own invoices only', async () => {
    const own = await call<InvoicePage>('GET', '/v1/tenant/invoices', tokens.tenantAdmin);
    expect(own.body.items.map((i) => i.tenantId)).toEqual([musterId]);
    const pdf = await call('GET', `/v1/tenant/invoices/${invoiceId}/pdf`, tokens.tenantAdmin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="RE-\d{4}-\d{6}\.pdf"; filename\*=UTF-8''RE-\d{4}-\d{6}\.pdf$/,
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('GET', `/v1/tenant/invoices/${invoiceId}`, other.admin.accessToken)).status).toBe(404);
    expect((await call('GET', `/v1/tenant/invoices/${invoiceId}/xml`, other.admin.accessToken)).status).toBe(404);
    expect((await call('GET', '/v1/provider/invoices', tokens.tenantAdmin)).status).toBe(403);
    expect((await call('GET', `/v1/tenant/invoices/${invoiceId}`, tokens.employee)).status).toBe(403);
  });

  it('never changes an issued invoice; a credit note references it and the month can be invoiced again', async () => {
    const db = t.runtime.database.db;
    await expect(
      runAsSystem(() => db.update(invoices).set({ netCents: 1 }).where(eq(invoices.id, invoiceId))),
    ).rejects.toThrow();
    await expect(runAsSystem(() => db.delete(invoices).where(eq(invoices.id, invoiceId)))).rejects.toThrow();
    const note = await call<InvoiceDetail>('POST', `/v1/provider/invoices/${invoiceId}/credit-note`, tokens.provider, {
      reason: 'Falsche Kostenstelle',
    });
    expect(note.status).toBe(201);
    expect(note.body.type).toBe('CREDIT_NOTE');
    expect(note.body.creditNoteOf?.id).toBe(invoiceId);
    const xml = (await call('GET', `/v1/provider/invoices/${note.body.id}/xml`, tokens.provider)).text;
    expect(xml).toContain('<CreditNote');
    const original = (await call<InvoiceDetail>('GET', `/v1/provider/invoices/${invoiceId}`, tokens.provider)).body;
    expect(tagText(xml, 'cbc:ID')).toContain(original.number);
    expect(original.status).toBe('CREDITED');
    expect(
      (await call('POST', `/v1/provider/invoices/${invoiceId}/credit-note`, tokens.provider, { reason: 'nochmal' }))
        .status,
    ).toBe(409);
    const run = await call<InvoiceRunAnswer>('POST', '/v1/provider/invoices/run', tokens.provider, { month });
    expect(run.body.created.map((i) => i.tenantId)).toEqual([musterId]);
  });

  it('numbers gaplessly when two runs and a credit note race', async () => {
    const page = (await call<InvoicePage>('GET', '/v1/provider/invoices?pageSize=100', tokens.provider)).body;
    const newest = page.items.find(
      (i) => i.tenantId === other.tenantId && i.type === 'INVOICE',
    ) as InvoicePage['items'][number];
    await Promise.all([
      call('POST', '/v1/provider/invoices/run', tokens.provider, { month }),
      call('POST', `/v1/provider/invoices/${newest.id}/credit-note`, tokens.provider, { reason: 'Adresse' }),
      call('POST', '/v1/provider/invoices/run', tokens.provider, { month }),
    ]);
    const all = (await call<InvoicePage>('GET', '/v1/provider/invoices?pageSize=100', tokens.provider)).body.items;
    const numbers = all.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    // Per employer and month at most one invoice in force.
    const inForce = all.filter((i) => i.type === 'INVOICE' && i.status === 'ISSUED').map((i) => i.tenantId);
    expect(new Set(inForce).size).toBe(inForce.length);
  });

  it('runs by itself on the first working day, leaving a credited employer to the provider', async () => {
    const list = async () =>
      (await call<InvoicePage>('GET', `/v1/provider/invoices?month=${month}&pageSize=100`, tokens.provider)).body.items;
    const inForce = async () =>
      (await list()).filter((i) => i.type === 'INVOICE' && i.status === 'ISSUED' && i.tenantId === other.tenantId);
    let [current] = await inForce();
    if (!current) {
      await call('POST', '/v1/provider/invoices/run', tokens.provider, { month });
      [current] = await inForce();
    }
    expect(
      (
        await call('POST', `/v1/provider/invoices/${current?.id}/credit-note`, tokens.provider, {
          reason: 'Leitweg-ID geändert',
        })
      ).status,
    ).toBe(201);
    const deps = {
      db: t.runtime.database.db,
      clock: t.clock,
      publicUrl: t.config.publicUrl,
      mailSent: () => undefined,
    };
    const firstDay = firstWorkingDay(formatPayrollMonth(monthOfDate(`${month}-01`, 'month') + 1));
    /** The job at a moment of the app's clock (the API is asked at the real time: tokens are short-lived). */
    const jobAt = async (at: Date) => {
      const saved = t.clock.now();
      t.clock.set(at);
      try {
        await runMonthlyInvoicesIfDue(deps);
      } finally {
        t.clock.set(saved);
      }
    };
    await jobAt(new Date(`${firstDay}T05:00:00Z`));
    expect(await inForce()).toEqual([]);
    // The provider's own run invoices it again.
    await call('POST', '/v1/provider/invoices/run', tokens.provider, { month });
    expect(await inForce()).toHaveLength(1);
  });

  it('issues an invoice too large for a mail all the same, its mail pointing to the portal', async () => {
    const inForce = (
      await call<InvoicePage>('GET', `/v1/provider/invoices?month=${month}&pageSize=100`, tokens.provider)
    ).body.items.find((i) => i.type === 'INVOICE' && i.status === 'ISSUED' && i.tenantId === musterId);
    expect(
      (
        await call('POST', `/v1/provider/invoices/${inForce?.id}/credit-note`, tokens.provider, {
          reason: 'Neu ausstellen',
        })
      ).status,
    ).toBe(201);
    const deps = {
      db: t.runtime.database.db,
      clock: t.clock,
      publicUrl: t.config.publicUrl,
      mailLimitBytes: 1000,
      mailSent: () => undefined,
    };
    const run = await runInvoices(deps, month, { id: null, requestId: null });
    const created = run.created.find((i) => i.tenantId === musterId);
    expect(created?.mailedWithFiles).toBe(false);
    const mails = await runAsSystem(() => t.runtime.database.db.select().from(outbox));
    const mail = mails.find((m) => m.kind === 'INVOICE_ISSUED' && m.subject.includes(created?.number ?? '?'));
    expect(mail?.attachments).toEqual([]);
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/employer/invoices`);
    expect(mail?.textBody).toContain('zu groß');
    // The documents are there for HR to download.
    expect((await call('GET', `/v1/tenant/invoices/${created?.id}/xml`, tokens.tenantAdmin)).status).toBe(200);
  });

  it('exports the month as a DATEV Buchungsstapel', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/provider/invoices/export.csv?month=${month}`,
      headers: { authorization: `Bearer ${tokens.provider}` },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('latin1').split('\r\n');
    expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/);
    expect(lines[1]).toContain('"Umsatz (ohne Soll/Haben-Kz)"');
    const bookings = lines.slice(2).filter((l) => l !== '');
    const all = (await call<InvoicePage>('GET', `/v1/provider/invoices?month=${month}&pageSize=100`, tokens.provider))
      .body.items;
    expect(bookings).toHaveLength(all.length);
    expect(bookings.filter((b) => b.includes(';"H";'))).toHaveLength(
      all.filter((i) => i.type === 'CREDIT_NOTE').length,
    );
  });
});
