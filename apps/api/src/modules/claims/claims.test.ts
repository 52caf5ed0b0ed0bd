import { carName, type Claim, type Order, type PayrollExport, type ProviderClaimPage } from '@leasing/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { extractRuns, NBSP } from '../../test-support/pdf-text.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { berlinToday } from '../lease-end/returns.js';

type Errors = { code: string; message: string; errors?: { field: string; message: string }[] };

function jpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 160, g: 40, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Kamera 1' } } })
    .jpeg()
    .toBuffer();
}

/** A browser's form: the report as JSON in `claim`, the files in `photos`. */
function form(parts: { name: string; value?: string; file?: { bytes: Buffer; type: string; filename: string } }[]) {
  const boundary = `----claim${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = part.file
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), part.file ? part.file.bytes : Buffer.from(part.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databaseTargets())('damage, accident and theft reports on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let tenantAdmin: string;
  let providerAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    providerAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  }
  async function send<T>(orderId: number, token: string, body: ReturnType<typeof form>) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/order/${orderId}/claims`,
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json<T>() };
  }
  const report = (overrides: object = {}) => ({
    kind: 'ACCIDENT',
    occurredAt: new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString(),
    place: 'Parkhaus Hauptbahnhof, Köln',
    description: 'Beim Ausparken die hintere Stoßstange an einer Säule gestreift.\nKein anderes Fahrzeug beteiligt.',
    thirdPartyInvolved: false,
    policeReportNumber: null,
    drivable: true,
    ...overrides,
  });
  const month = () => berlinToday(t.clock.now()).slice(0, 7);

  it('takes a report with a photo to the provider, whose excess reaches the payroll once as a net deduction', async () => {
    const person = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'schaden' });
    const orderId = await buildLease(t, person.accessToken, { handedOverMonthsAgo: 4 });
    const photo = await jpeg();
    const sent = await send<Claim>(
      orderId,
      person.accessToken,
      form([
        { name: 'claim', value: JSON.stringify(report()) },
        { name: 'photos', file: { bytes: photo, type: 'image/jpeg', filename: 'stossstange.jpg' } },
      ]),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const claim = sent.body;
    expect(claim).toMatchObject({ orderId, kind: 'ACCIDENT', status: 'REPORTED', excessEur: null });
    expect(claim.number).toMatch(/^S-\d{4}-\d{6}$/);
    expect(claim.photoIds).toHaveLength(1);
    expect(claim.events.map((e) => e.status)).toEqual(['REPORTED']);

    // The photo comes back re-encoded: WebP, without the camera's metadata.
    const image = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${orderId}/claims/${claim.id}/photos/${claim.photoIds[0]}`,
      headers: bearer(providerAdmin),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640 });
    expect(meta.exif).toBeUndefined();

    // In the provider's queue, found by the person's name; mailed to the provider and the person.
    const queue = await call<ProviderClaimPage>('GET', '/v1/provider/claims?status=REPORTED', providerAdmin);
    expect(queue.status).toBe(200);
    const queued = queue.body.items.find((c) => c.id === claim.id);
    expect(queued).toMatchObject({ tenantName: expect.any(String), car: expect.any(String) });
    const byName = await call<ProviderClaimPage>(
      'GET',
      `/v1/provider/claims?q=${encodeURIComponent(queued?.personName.split(' ')[0]?.toUpperCase() ?? '-')}`,
      providerAdmin,
    );
    expect(byName.body.items.map((c) => c.id)).toContain(claim.id);
    const repairedOnly = await call<ProviderClaimPage>('GET', '/v1/provider/claims?status=REPAIRED', providerAdmin);
    expect(repairedOnly.body.items.map((c) => c.id)).not.toContain(claim.id);
    const byNumber = await call<ProviderClaimPage>('GET', `/v1/provider/claims?q=${claim.number}`, providerAdmin);
    expect(byNumber.body).toMatchObject({ total: 1, items: [{ id: claim.id, personName: expect.any(String) }] });
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === DEMO_ACCOUNTS.providerAdmin && m.subject.includes(claim.number))).toBe(true);
    expect(mails.some((m) => m.to === person.email && m.subject.includes('Schadenmeldung eingegangen'))).toBe(true);

    // The provider works it through and decides the excess once.
    const url = `/v1/provider/claims/${claim.id}`;
    expect((await call('PATCH', url, providerAdmin, { status: 'IN_REVIEW' })).status).toBe(200);
    // The same state again with neither a note nor an excess is nothing to record or mail.
    const empty = await call<Errors>('PATCH', url, providerAdmin, { status: 'IN_REVIEW', note: null });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toContain('nichts Neues');
    const skipped = await call<Errors>('PATCH', url, providerAdmin, { status: 'REPORTED' });
    expect(skipped.status).toBe(409);
    const tooHigh = await call<Errors>('PATCH', url, providerAdmin, { status: 'REPAIRED', excessEur: 600 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors).toEqual([{ field: 'excessEur', message: 'max 500' }]);
    const repaired = await call<Claim>('PATCH', url, providerAdmin, {
      status: 'REPAIRED',
      note: 'Stoßstange lackiert',
      excessEur: 500,
    });
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200);
    expect(repaired.body).toMatchObject({ status: 'REPAIRED', excessEur: 500, excessMonth: month() });
    const twice = await call<Errors>('PATCH', url, providerAdmin, { status: 'REPAIRED', excessEur: 300 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('bereits festgesetzt');
    const done = await mailbox(t.app);
    expect(
      done.some((m) => m.to === person.email && m.subject.includes('Schaden repariert') && /500,00\s€/.test(m.text)),
    ).toBe(true);

    // The employer's payroll export of the month: that person's net deduction with the claim's number.
    const payroll = await call<PayrollExport>('GET', `/v1/tenant/payroll/${month()}`, tenantAdmin);
    expect(payroll.status).toBe(200);
    const row = payroll.body.rows.find((r) => r.orderId === orderId);
    expect(row).toMatchObject({ claimExcessEur: 500, claimNumbers: [claim.number] });
    expect(payroll.body.rows.filter((r) => r.claimExcessEur !== undefined)).toHaveLength(1);
    expect(payroll.body.totals.claimExcessEur).toBe(500);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/tenant/payroll/${month()}.csv`,
      headers: bearer(tenantAdmin),
    });
    expect(csv.body).toContain(`;500,00;${claim.number}\r\n`);
    // The next month deducts nothing again.
    const [y, m] = month().split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const later = await call<PayrollExport>('GET', `/v1/tenant/payroll/${next}`, tenantAdmin);
    expect(later.body.rows.find((r) => r.orderId === orderId)?.claimExcessEur).toBeUndefined();
    expect(later.body.totals.claimExcessEur).toBe(0);

    // HR sees number, state and excess; not the story, the notes or the photos.
    const hr = await call<Claim[]>('GET', `/v1/order/${orderId}/claims`, tenantAdmin);
    expect(hr.status).toBe(200);
    expect(hr.body[0]).toMatchObject({ number: claim.number, status: 'REPAIRED', excessEur: 500, description: null });
    expect(hr.body[0]?.photoIds).toEqual([]);
    expect(hr.body[0]?.events.every((e) => e.note === null)).toBe(true);
    const hrPhoto = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${orderId}/claims/${claim.id}/photos/${claim.photoIds[0]}`,
      headers: bearer(tenantAdmin),
    });
    expect(hrPhoto.statusCode).toBe(403);
    // The employee sees the whole story on the order page.
    const own = await call<Claim[]>('GET', `/v1/order/${orderId}/claims`, person.accessToken);
    expect(own.body[0]?.events.map((e) => [e.status, e.note])).toEqual([
      ['REPORTED', null],
      ['IN_REVIEW', null],
      ['REPAIRED', 'Stoßstange lackiert'],
    ]);
    // The report is the person's data: their export has it, with the photo's id.
    const exported = await t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(person.accessToken) });
    const data = exported.json<{ claims: Claim[] }>();
    expect(data.claims.map((c) => [c.number, c.excessEur, c.photoIds])).toEqual([[claim.number, 500, claim.photoIds]]);
  });

  it("charges at the return only a rejected claim's damage, never one the insurance settled", async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 5 });
    const reportOne = async (kind: string) =>
      (await call<Claim>('POST', `/v1/order/${orderId}/claims`, employee, report({ kind }))).body;
    const [repaired, rejected, open] = [
      await reportOne('GLASS'),
      await reportOne('VANDALISM'),
      await reportOne('DAMAGE'),
    ];
    const patch = (id: string, status: string, extra: object = {}) =>
      call('PATCH', `/v1/provider/claims/${id}`, providerAdmin, { status, ...extra });
    expect((await patch(repaired.id, 'IN_REVIEW')).status).toBe(200);
    expect((await patch(repaired.id, 'REPAIRED', { excessEur: 150 })).status).toBe(200);
    expect((await patch(rejected.id, 'REJECTED', { note: 'Vorschaden, nicht versichert' })).status).toBe(200);

    const returnWith = (claimNumber: string) =>
      call<Errors & { damages?: { claimNumber?: string }[] }>(
        'POST',
        `/v1/provider/orders/${orderId}/return`,
        providerAdmin,
        {
          returnedOn: berlinToday(t.clock.now()),
          odometerKm: 20_000,
          damages: [{ description: 'Kratzer Beifahrertür', costEur: 320, claimNumber }],
        },
      );
    const twice = await returnWith(repaired.number);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('über die Versicherung abgewickelt');
    expect((await returnWith(open.number)).status).toBe(409);
    const unknown = await returnWith('S-2000-000001');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'damages.0.claimNumber', message: 'unknown' }]);
    const returned = await returnWith(rejected.number);
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(returned.body.damages).toEqual([
      { description: 'Kratzer Beifahrertür', costEur: 320, claimNumber: rejected.number },
    ]);
  });

  it('ends the lease with a theft: the conversion runs to this month, then the payroll rows end, the final statement is filed', async () => {
    const person = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'diebstahl' });
    const orderId = await buildLease(t, person.accessToken, { handedOverMonthsAgo: 3 });
    const theft = (
      await call<Claim>(
        'POST',
        `/v1/order/${orderId}/claims`,
        person.accessToken,
        report({ kind: 'THEFT', policeReportNumber: 'K-2026-4711', drivable: false }),
      )
    ).body;
    expect(
      (await call('PATCH', `/v1/provider/claims/${theft.id}`, providerAdmin, { status: 'IN_REVIEW' })).status,
    ).toBe(200);
    const lost = await call<Claim>('PATCH', `/v1/provider/claims/${theft.id}`, providerAdmin, {
      status: 'TOTAL_LOSS',
      excessEur: 500,
    });
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    const order = await call<Order>('GET', `/v1/order/${orderId}`, person.accessToken);
    expect(order.body.status).toBe('LEASE_ENDED');

    const today = berlinToday(t.clock.now());
    // The final statement is among the order's documents, for the employee, HR and the provider alike.
    const statement = order.body.documents.find((d) => d.name === `Schlussabrechnung-${orderId}.pdf`);
    expect(statement, JSON.stringify(order.body.documents)).toBeDefined();
    const pdfs: Buffer[] = [];
    for (const token of [person.accessToken, tenantAdmin, providerAdmin]) {
      const listed = await call<Order>('GET', `/v1/order/${orderId}`, token);
      expect(listed.body.documents.map((d) => d.id)).toContain(statement?.id);
      const file = await t.app.inject({
        method: 'GET',
        url: `/v1/order/${orderId}/contract/${statement?.id}`,
        headers: bearer(token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain(`Schlussabrechnung-${orderId}.pdf`);
      pdfs.push(file.rawPayload);
    }
    const pdf = pdfs[0] ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const other of pdfs) expect(other.equals(pdf)).toBe(true);
    const text = (await extractRuns(pdf)).runs
      .map((r) => r.text)
      .join(' ')
      .replaceAll(NBSP, ' ')
      .replace(/\s+/g, ' ');
    const { firstName, lastName } = order.body.orderUserInfo.addressDto;
    const [y0, m0, d0] = today.split('-');
    const [hy, hm, hd] = (order.body.handoverDate ?? '').split('-');
    for (const fact of [
      'Schlussabrechnung',
      `Nr. ${orderId}`,
      order.body.tenantName,
      `${firstName} ${lastName}`,
      carName(order.body.vehicle),
      `${hd}.${hm}.${hy}`,
      'Leasingende',
      `${d0}.${m0}.${y0}`,
      `Diebstahl (Schadenmeldung ${theft.number})`,
      `Die Gehaltsumwandlung läuft bis einschließlich ${m0}/${y0}`,
      'keine Kilometerabrechnung',
      `Selbstbeteiligung (Schadenmeldung ${theft.number})`,
      '500,00 €',
      `mit der Entgeltabrechnung für ${m0}/${y0} vom Nettoentgelt einbehalten`,
    ])
      expect(text, text).toContain(fact);
    expect(text).not.toContain('Totalschaden');
    expect(text).not.toContain('Mehrkilometer ×');
    const now = (await call<PayrollExport>('GET', `/v1/tenant/payroll/${month()}`, tenantAdmin)).body;
    const row = now.rows.find((r) => r.orderId === orderId);
    expect(row).toMatchObject({ change: 'ENDED', endDate: today, claimExcessEur: 500 });
    expect(row?.grossConversionEur).toBeGreaterThan(0);
    expect(row?.settlementEur).toBeUndefined();
    const [y, m] = month().split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const after = (await call<PayrollExport>('GET', `/v1/tenant/payroll/${next}`, tenantAdmin)).body;
    expect(after.rows.find((r) => r.orderId === orderId)).toBeUndefined();
    // HR is told; a return of a stolen car cannot be recorded any more.
    const mails = await mailbox(t.app);
    const hrMail = mails.find(
      (m) => m.to === DEMO_ACCOUNTS.tenantAdmin && m.subject.includes('Leasing beendet: Diebstahl'),
    );
    expect(hrMail?.text).toContain('Die Schlussabrechnung liegt als PDF bei den Dokumenten der Bestellung.');
    expect(
      mails.some(
        (m) => m.to === person.email && m.text.includes('die Schlussabrechnung liegt als PDF bei den Dokumenten'),
      ),
    ).toBe(true);
    const returned = await call('POST', `/v1/provider/orders/${orderId}/return`, providerAdmin, {
      returnedOn: today,
      odometerKm: 9_000,
      damages: [],
    });
    expect(returned.status).toBe(409);
  });

  it('refuses an incomplete report, a time in the future and a non-image, and writes nothing', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 2 });
    const missing = await call<Errors>('POST', `/v1/order/${orderId}/claims`, employee, {
      ...report(),
      place: '',
      kind: 'FIRE',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['kind', 'place']);
    const future = await call<Errors>(
      'POST',
      `/v1/order/${orderId}/claims`,
      employee,
      report({ occurredAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() }),
    );
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([{ field: 'occurredAt', message: 'future' }]);
    const beforeHandover = await call<Errors>(
      'POST',
      `/v1/order/${orderId}/claims`,
      employee,
      report({ occurredAt: new Date(t.clock.now().getTime() - 200 * 86_400_000).toISOString() }),
    );
    expect(beforeHandover.body.errors).toEqual([{ field: 'occurredAt', message: 'beforeHandover' }]);
    const notImage = await send<Errors>(
      orderId,
      employee,
      form([
        { name: 'claim', value: JSON.stringify(report()) },
        { name: 'photos', file: { bytes: Buffer.from('%PDF-1.7'), type: 'image/jpeg', filename: 'x.jpg' } },
      ]),
    );
    expect(notImage.status).toBe(415);
    const badJson = await send<Errors>(orderId, employee, form([{ name: 'claim', value: '{"kind":' }]));
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors).toEqual([{ field: 'claim', message: 'invalid' }]);
    const eleven = await jpeg(32, 32);
    const tooMany = await send<Errors>(
      orderId,
      employee,
      form([
        { name: 'claim', value: JSON.stringify(report()) },
        ...Array.from({ length: 11 }, (_, i) => ({
          name: 'photos',
          file: { bytes: eleven, type: 'image/jpeg', filename: `${i}.jpg` },
        })),
      ]),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.field).toBe('photos');
    // Each under 10 MB, together over the 20 MB a report may carry (a JPEG with padding after its end).
    const seven = Buffer.concat([eleven, Buffer.alloc(7 * 1024 * 1024)]);
    const tooLarge = await send<Errors>(
      orderId,
      employee,
      form([
        { name: 'claim', value: JSON.stringify(report()) },
        ...['a', 'b', 'c'].map((name) => ({
          name: 'photos',
          file: { bytes: seven, type: 'image/jpeg', filename: `${name}.jpg` },
        })),
      ]),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toContain('zusammen zu groß');
    expect((await call<Claim[]>('GET', `/v1/order/${orderId}/claims`, employee)).body).toEqual([]);
    // A plain JSON report without photos is fine.
    expect((await call('POST', `/v1/order/${orderId}/claims`, employee, report({ kind: 'GLASS' }))).status).toBe(201);
  });

  it('keeps claims to the lease: before the handover a 409, another employer 404, HR and the provider cannot report', async () => {
    const ordered = await buildOrder(t, employee, { step: 'ADMIN_CONFIRM' });
    expect((await call<Errors>('POST', `/v1/order/${ordered}/claims`, employee, report())).status).toBe(409);
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 1 });
    expect((await call('POST', `/v1/order/${orderId}/claims`, tenantAdmin, report())).status).toBe(403);
    expect((await call('POST', `/v1/order/${orderId}/claims`, providerAdmin, report())).status).toBe(403);
    const other = await buildTenant(t.app, t.app.orderDeps.db, { prefix: 'schadenfremd', now: t.clock.now() });
    expect((await call('GET', `/v1/order/${orderId}/claims`, other.admin.accessToken)).status).toBe(404);
    expect((await call('POST', `/v1/order/${orderId}/claims`, other.employee.accessToken, report())).status).toBe(404);
    const noPolice = await call<Errors>('POST', `/v1/order/${orderId}/claims`, employee, report({ kind: 'THEFT' }));
    expect(noPolice.status).toBe(400);
    expect(noPolice.body.errors).toEqual([{ field: 'policeReportNumber', message: 'policeRequired' }]);
    const created = await call<Claim>(
      'POST',
      `/v1/order/${orderId}/claims`,
      employee,
      report({ kind: 'THEFT', policeReportNumber: 'K-2026-0815' }),
    );
    expect(created.status).toBe(201);
    // Only the provider works the queue.
    expect((await call('GET', '/v1/provider/claims', tenantAdmin)).status).toBe(403);
    expect(
      (await call('PATCH', `/v1/provider/claims/${created.body.id}`, employee, { status: 'IN_REVIEW' })).status,
    ).toBe(403);
    // A rejected claim has no excess.
    const rejected = await call<Errors>('PATCH', `/v1/provider/claims/${created.body.id}`, providerAdmin, {
      status: 'REJECTED',
      excessEur: 100,
    });
    expect(rejected.status).toBe(409);
  });
});
