import type { LeaseReturn, Mileage, MileageForecastRow } from '@leasing/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { odometerPhotos } from '../../db/schema-mileage.js';
import { users } from '../../db/schema.js';
import { runAsSystem, runInScope, type DbScope } from '../../db/scope.js';
import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { addMonths } from '../lease-end/settlement.js';
import { berlinToday } from '../lease-end/returns.js';

type Errors = { code: string; message: string; errors?: { field: string; message: string }[] };

/** A camera's photo: a JPEG with EXIF metadata. */
function jpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 30, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Kamera 1' } } })
    .jpeg()
    .toBuffer();
}

/** A browser's form: the reading as JSON in `reading`, the photo in `photo`. */
function form(parts: { name: string; value?: string; file?: { bytes: Buffer; type: string; filename: string } }[]) {
  const boundary = `----km${Math.random().toString(16).slice(2)}`;
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

describe.each(databaseTargets())('mileage during a lease on %s', (target) => {
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

  async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  }
  const today = () => berlinToday(t.clock.now());
  async function sendForm<T>(orderId: number, token: string, body: ReturnType<typeof form>) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/order/${orderId}/odometer`,
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json<T>() };
  }
  const withPhoto = (reading: object, photo: Buffer, type = 'image/jpeg') =>
    form([
      { name: 'reading', value: JSON.stringify(reading) },
      { name: 'photo', file: { bytes: photo, type, filename: 'tacho.jpg' } },
    ]);
  const photoRows = async () =>
    Number((await runAsSystem(() => t.runtime.database.db.select({ n: count() }).from(odometerPhotos)))[0]?.n);
  const photoOf = (orderId: number, readingId: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/v1/order/${orderId}/odometer/${readingId}/photo`, headers: bearer(token) });

  it('forecasts from two readings what the return would settle for that distance', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 6 });
    const empty = await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ readings: [], forecastEndKm: null, projectedSettlement: null });

    const first = await call<Mileage>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 4_000,
      readOn: addMonths(today(), -3),
    });
    expect(first.status).toBe(201);
    const second = await call<Mileage>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 11_000,
      readOn: today(),
    });
    expect(second.status).toBe(201);
    const mileage = second.body;
    expect(mileage.readings.map((r) => r.readingKm)).toEqual([4_000, 11_000]);
    expect(mileage.forecastEndKm).toBeGreaterThan(mileage.contractKm);
    expect(mileage.overTolerance).toBe(true);

    // HR and the provider see the same forecast.
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, tenantAdmin)).body).toEqual(mileage);
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, providerAdmin)).body).toEqual(mileage);

    // The return at that distance settles exactly as projected.
    const returned = await call<LeaseReturn>('POST', `/v1/provider/orders/${orderId}/return`, providerAdmin, {
      returnedOn: today(),
      odometerKm: mileage.forecastEndKm,
      damages: [],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(returned.body.settlement).toEqual(mileage.projectedSettlement);

    // The readings are the person's data: their export has them.
    const exported = await t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(employee) });
    const data = exported.json<{ odometerReadings: { orderId: number; readingKm: number }[] }>();
    expect(data.odometerReadings.filter((r) => r.orderId === orderId).map((r) => r.readingKm)).toEqual([4_000, 11_000]);
  });

  it('refuses a reading below an earlier one, in the future or before the handover, with the field', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 2 });
    expect(
      (await call('POST', `/v1/order/${orderId}/odometer`, employee, { readingKm: 3_000, readOn: today() })).status,
    ).toBe(201);
    const lower = await call<{ errors: { field: string; message: string }[] }>(
      'POST',
      `/v1/order/${orderId}/odometer`,
      employee,
      { readingKm: 2_999, readOn: today() },
    );
    expect(lower.status).toBe(400);
    expect(lower.body.errors).toEqual([{ field: 'readingKm', message: 'min 3000' }]);
    const future = await call<{ errors: { field: string }[] }>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 3_100,
      readOn: addMonths(today(), 1),
    });
    expect(future.status).toBe(400);
    expect(future.body.errors[0]?.field).toBe('readOn');
    const early = await call<{ errors: { field: string }[] }>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 0,
      readOn: addMonths(today(), -3),
    });
    expect(early.body.errors[0]?.field).toBe('readOn');
    const typo = await call('POST', `/v1/order/${orderId}/odometer`, employee, { readingKm: 3.5, readOn: today() });
    expect(typo.status).toBe(400);
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee)).body.readings).toHaveLength(1);
  });

  it('is the employee’s to report; a colleague gets a 404, an order before the handover a 409', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 1 });
    const body = { readingKm: 1_000, readOn: today() };
    expect((await call('POST', `/v1/order/${orderId}/odometer`, tenantAdmin, body)).status).toBe(403);
    expect((await call('POST', `/v1/order/${orderId}/odometer`, providerAdmin, body)).status).toBe(403);
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'km' });
    expect((await call('POST', `/v1/order/${orderId}/odometer`, colleague.accessToken, body)).status).toBe(404);
    expect((await call('GET', `/v1/order/${orderId}/mileage`, colleague.accessToken)).status).toBe(404);
    const unsigned = await buildOrder(t, employee);
    expect((await call('POST', `/v1/order/${unsigned}/odometer`, employee, body)).status).toBe(409);
  });

  it('takes a photo of the odometer with a reading, re-encoded, for the employee, their HR and the provider', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 3 });
    const sent = await sendForm<Mileage>(
      orderId,
      employee,
      withPhoto({ readingKm: 5_000, readOn: today() }, await jpeg()),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.readings).toMatchObject([{ readingKm: 5_000, readOn: today(), hasPhoto: true }]);
    expect(sent.body.forecastEndKm).toBeGreaterThan(5_000);
    const readingId = sent.body.readings[0]?.id ?? '';

    // The photo comes back as WebP without the camera's metadata, to everyone who reads the mileage.
    for (const token of [employee, tenantAdmin, providerAdmin]) {
      const image = await photoOf(orderId, readingId, token);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('no-store');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
      expect(meta.exif).toBeUndefined();
    }
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, tenantAdmin)).body.readings[0]?.hasPhoto).toBe(
      true,
    );

    // Everyone else gets what an unknown id gets.
    const unknown = await photoOf(orderId, '00000000-0000-4000-8000-000000000000', employee);
    expect(unknown.statusCode).toBe(404);
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'kmfoto' });
    const other = await buildTenant(t.app, t.app.orderDeps.db, { prefix: 'kmfremd', now: t.clock.now() });
    const unknownOrder = await photoOf(987_654, readingId, other.admin.accessToken);
    for (const token of [colleague.accessToken, other.admin.accessToken, other.employee.accessToken]) {
      const refused = await photoOf(orderId, readingId, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe(unknownOrder.body);
    }
    expect((await photoOf(orderId, 'kein-foto', employee)).statusCode).toBe(404);

    // A reading without a photo has none; another order's reading id finds nothing under this order.
    const plain = await call<Mileage>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 5_100,
      readOn: today(),
    });
    expect(plain.status).toBe(201);
    const second = plain.body.readings.find((r) => r.readingKm === 5_100);
    expect(second?.hasPhoto).toBe(false);
    expect((await photoOf(orderId, second?.id ?? '', employee)).statusCode).toBe(404);
    const elsewhere = await buildLease(t, employee, { handedOverMonthsAgo: 3 });
    expect((await photoOf(elsewhere, readingId, employee)).statusCode).toBe(404);

    // The person's export names the photo by its reading.
    const exported = await t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(employee) });
    const data = exported.json<{ odometerReadings: { id: string; orderId: number; hasPhoto: boolean }[] }>();
    const mine = data.odometerReadings.filter((r) => r.orderId === orderId);
    expect(new Map(mine.map((r) => [r.id, r.hasPhoto]))).toEqual(
      new Map([
        [readingId, true],
        [second?.id, false],
      ]),
    );
  });

  it('refuses a wrong or too large photo, and a reading that runs backwards with a photo, writing nothing', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 2 });
    expect(
      (await call('POST', `/v1/order/${orderId}/odometer`, employee, { readingKm: 3_000, readOn: today() })).status,
    ).toBe(201);
    const photosBefore = await photoRows();
    const photo = await jpeg(64, 48);
    const reading = { readingKm: 3_100, readOn: today() };

    const notImage = await sendForm<Errors>(orderId, employee, withPhoto(reading, Buffer.from('%PDF-1.7')));
    expect(notImage.status).toBe(415);
    expect(notImage.body.errors).toEqual([{ field: 'file', message: 'imageType' }]);
    expect((await sendForm<Errors>(orderId, employee, withPhoto(reading, photo, 'image/gif'))).status).toBe(415);
    const tooLarge = await sendForm<Errors>(
      orderId,
      employee,
      withPhoto(reading, Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)])),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Das Foto ist zu groß (höchstens 10 MB).');
    const two = await sendForm<Errors>(
      orderId,
      employee,
      form([
        { name: 'reading', value: JSON.stringify(reading) },
        { name: 'photo', file: { bytes: photo, type: 'image/jpeg', filename: 'a.jpg' } },
        { name: 'photo', file: { bytes: photo, type: 'image/jpeg', filename: 'b.jpg' } },
      ]),
    );
    expect(two.status).toBe(400);
    expect(two.body.errors).toEqual([{ field: 'photo', message: 'max 1' }]);
    const wrongField = await sendForm<Errors>(
      orderId,
      employee,
      form([
        { name: 'reading', value: JSON.stringify(reading) },
        { name: 'photos', file: { bytes: photo, type: 'image/jpeg', filename: 'a.jpg' } },
      ]),
    );
    expect(wrongField.body.errors).toEqual([{ field: 'photos', message: 'unknown' }]);
    const badJson = await sendForm<Errors>(orderId, employee, form([{ name: 'reading', value: '{"readingKm":' }]));
    expect(badJson.body.errors).toEqual([{ field: 'reading', message: 'invalid' }]);
    const noReading = await sendForm<Errors>(
      orderId,
      employee,
      form([{ name: 'photo', file: { bytes: photo, type: 'image/jpeg', filename: 'a.jpg' } }]),
    );
    expect(noReading.body.errors).toEqual([{ field: 'reading', message: 'required' }]);

    // The form's JSON gets the very 400 a JSON body gets.
    const typo = { readingKm: 3.5, readOn: today(), note: 'x' };
    const asJson = await call<Errors>('POST', `/v1/order/${orderId}/odometer`, employee, typo);
    const asForm = await sendForm<Errors>(orderId, employee, withPhoto(typo, photo));
    expect(asJson.status).toBe(400);
    expect(asForm).toEqual(asJson);

    // Below the earlier reading: the same 400 with a photo as without, and neither is kept.
    const lower = await sendForm<Errors>(orderId, employee, withPhoto({ readingKm: 2_999, readOn: today() }, photo));
    expect(lower.status).toBe(400);
    expect(lower.body.errors).toEqual([{ field: 'readingKm', message: 'min 3000' }]);

    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee)).body.readings).toMatchObject([
      { readingKm: 3_000, hasPhoto: false },
    ]);
    expect(await photoRows()).toBe(photosBefore);
  });

  it('checks whose order and its state before a byte of the photo is read', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 1 });
    // Not an image: were it read first, each of these would be a 415.
    const body = () => withPhoto({ readingKm: 1_000, readOn: today() }, Buffer.from('%PDF-1.7'));
    expect((await sendForm(orderId, tenantAdmin, body())).status).toBe(403);
    expect((await sendForm(orderId, providerAdmin, body())).status).toBe(403);
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'kmvorher' });
    expect((await sendForm(orderId, colleague.accessToken, body())).status).toBe(404);
    const unsigned = await buildOrder(t, employee);
    expect((await sendForm(unsigned, employee, body())).status).toBe(409);
    expect((await sendForm(orderId, employee, body())).status).toBe(415);
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee)).body.readings).toEqual([]);
  });

  it('keeps the photos to the person, their employer’s admins and the provider in the database too', async () => {
    const db = t.runtime.database.db;
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 2 });
    const sent = await sendForm<Mileage>(
      orderId,
      employee,
      withPhoto({ readingKm: 2_000, readOn: today() }, await jpeg(32, 32)),
    );
    const plain = await call<Mileage>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 2_100,
      readOn: today(),
    });
    const [withOne, without] = plain.body.readings;
    expect([sent.status, withOne?.hasPhoto, without?.hasPhoto]).toEqual([201, true, false]);
    const person = async (email: string) => {
      const [row] = await runAsSystem(() =>
        db.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.email, email)),
      );
      return { userId: row?.id ?? '', tenantId: row?.tenantId ?? null };
    };
    const owner = await person(DEMO_ACCOUNTS.employee);
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'kmrls' });
    const other = await buildTenant(t.app, db, { prefix: 'kmrlsfremd', now: t.clock.now() });
    const scopes: [string, DbScope, number][] = [
      ['the person', { role: 'EMPLOYEE', ...owner }, 1],
      ['their HR', { role: 'TENANT_ADMIN', ...(await person(DEMO_ACCOUNTS.tenantAdmin)) }, 1],
      ['the provider', { role: 'PROVIDER_ADMIN', ...(await person(DEMO_ACCOUNTS.providerAdmin)) }, 1],
      ['a colleague', { role: 'EMPLOYEE', ...(await person(colleague.email)) }, 0],
      ['another employer’s HR', { role: 'TENANT_ADMIN', ...(await person(other.admin.email)) }, 0],
    ];
    for (const [who, scope, n] of scopes) {
      const [seen] = await runInScope(scope, () =>
        db
          .select({ n: count() })
          .from(odometerPhotos)
          .where(eq(odometerPhotos.readingId, withOne?.id ?? '')),
      );
      expect({ who, n: Number(seen?.n) }).toEqual({ who, n });
    }
    // Only the person adds a photo of their own (the provider and HR read, never write).
    const photo = {
      readingId: without?.id ?? '',
      tenantId: owner.tenantId ?? '',
      userId: owner.userId,
      width: 1,
      height: 1,
    };
    for (const [who, scope] of scopes.slice(1)) {
      const attempt = runInScope(scope, () => db.insert(odometerPhotos).values({ ...photo, webp: Buffer.from('x') }));
      await expect(
        attempt.then(
          () => 'written',
          (error: unknown) => String((error as { cause?: { message?: string } }).cause?.message ?? error),
        ),
        who,
      ).resolves.toMatch(/row-level security/);
    }
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee)).body.readings[1]?.hasPhoto).toBe(
      false,
    );
  });

  it("gives the provider's pipeline the forecasts of a page's running leases that have a reading", async () => {
    const fast = await buildLease(t, employee, { handedOverMonthsAgo: 6 });
    const quiet = await buildLease(t, employee, { handedOverMonthsAgo: 6 });
    const unsigned = await buildOrder(t, employee);
    await call('POST', `/v1/order/${fast}/odometer`, employee, { readingKm: 30_000, readOn: today() });
    const url = `/v1/provider/mileage-forecasts?orderIds=${fast},${quiet},${unsigned},999999`;
    const rows = await call<MileageForecastRow[]>('GET', url, providerAdmin);
    expect(rows.status).toBe(200);
    const mileage = (await call<Mileage>('GET', `/v1/order/${fast}/mileage`, providerAdmin)).body;
    expect(rows.body).toEqual([
      {
        orderId: fast,
        latestReadingKm: 30_000,
        latestReadOn: today(),
        contractKm: mileage.contractKm,
        forecastEndKm: mileage.forecastEndKm,
        overTolerance: true,
        projectedTotalEur: mileage.projectedSettlement?.totalEur,
      },
    ]);
    expect((await call('GET', url, tenantAdmin)).status).toBe(403);
    expect((await call('GET', url, employee)).status).toBe(403);
    expect((await call('GET', '/v1/provider/mileage-forecasts?orderIds=1;2', providerAdmin)).status).toBe(400);
  });
});
