import type { ProviderVehicle, Vehicle, VehiclePhoto, VehicleSummary } from '@leasing/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';

/** A JPEG with EXIF (camera, GPS-like tags) that must not survive the upload. */
async function cameraJpeg(width = 2000, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Kamera AG', Model: 'Spion 3000', Copyright: 'Geheimer Ort 52.52N 13.40E' } })
    .toBuffer();
}

describe.each(databaseTargets())('provider: vehicle photos on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let vehicle: ProviderVehicle;

  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    const vehicles = (await call<ProviderVehicle[]>('GET', '/v1/provider/vehicles', tokens.provider)).body;
    vehicle = vehicles.find((v) => v.model === 'EV3') as ProviderVehicle;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const upload = (bytes: Buffer, contentType: string, token = tokens.provider) =>
    call<VehiclePhoto>('POST', `/v1/provider/vehicles/${vehicle.id}/photos`, token, bytes, {
      'content-type': contentType,
    });

  it('is for the provider only', async () => {
    const bytes = await cameraJpeg(100, 60);
    expect((await upload(bytes, 'image/jpeg', tokens.employee)).status).toBe(403);
    expect((await upload(bytes, 'image/jpeg', tokens.tenantAdmin)).status).toBe(403);
    expect((await call('GET', '/v1/provider/vehicles', tokens.tenantAdmin)).status).toBe(403);
  });

  it('stores WebP and AVIF in responsive widths, without the metadata', async () => {
    const response = await upload(await cameraJpeg(), 'image/jpeg');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ main: true, width: 2000, height: 1200, widths: [480, 960, 1600] });
    expect(response.body.srcSetAvif).toContain('1600.avif 1600w');
    for (const [file, format] of [
      ['960.webp', 'webp'],
      ['1600.avif', 'heif'],
    ] as const) {
      const image = await t.app.inject({ method: 'GET', url: `/media/photos/${response.body.id}/${file}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('Spion 3000'))).toBe(false);
    }
    // Small originals are never enlarged.
    const small = await upload(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    expect(small.body.widths).toEqual([300]);
  });

  it('refuses anything that is not a JPEG, PNG or WebP image with a clear 415', async () => {
    const text = await upload(Buffer.from('Das ist kein Bild'), 'image/jpeg');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('kein JPEG-, PNG- oder WebP-Bild'),
    });
    const pdf = await upload(Buffer.from('%PDF-1.4\n'), 'application/pdf');
    expect(pdf.status).toBe(415);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'image/gif')).status).toBe(415);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10);
    expect((await upload(big, 'image/jpeg')).status).toBe(413);
  });

  it('reorders photos; the first is the main photo on the search card and the vehicle page', async () => {
    const before = (await call<VehiclePhoto[]>('GET', `/v1/provider/vehicles/${vehicle.id}/photos`, tokens.provider))
      .body;
    expect(before).toHaveLength(2);
    const reversed = before.map((p) => p.id).reverse();
    const reordered = await call<VehiclePhoto[]>(
      'PUT',
      `/v1/provider/vehicles/${vehicle.id}/photos/order`,
      tokens.provider,
      {
        photoIds: reversed,
      },
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((p) => p.id)).toEqual(reversed);
    expect(reordered.body[0]?.main).toBe(true);
    const card = (await call<VehicleSummary[]>('GET', '/v1/search', tokens.employee)).body.find(
      (v) => v.id === vehicle.id,
    );
    expect(card?.mainPhotoUrl).toBe(reordered.body[0]?.url);
    const detail = (await call<Vehicle>('GET', `/v1/vehicle/${vehicle.id}`, tokens.employee)).body;
    expect(detail.pictureUrls).toEqual(reordered.body.map((p) => p.url));

    const incomplete = await call('PUT', `/v1/provider/vehicles/${vehicle.id}/photos/order`, tokens.provider, {
      photoIds: [reversed[0]],
    });
    expect(incomplete.status).toBe(400);
    // As many ids as photos, but one of them twice: the other photo would lose its place.
    const twice = await call('PUT', `/v1/provider/vehicles/${vehicle.id}/photos/order`, tokens.provider, {
      photoIds: [reversed[0], reversed[0]],
    });
    expect(twice.status).toBe(400);
  });

  it('deletes a photo; without photos the generated pictures come back', async () => {
    const photos = (await call<VehiclePhoto[]>('GET', `/v1/provider/vehicles/${vehicle.id}/photos`, tokens.provider))
      .body;
    for (const photo of photos) {
      const deleted = await call('DELETE', `/v1/provider/vehicles/${vehicle.id}/photos/${photo.id}`, tokens.provider);
      expect(deleted.status).toBe(204);
    }
    const card = (await call<VehicleSummary[]>('GET', '/v1/search', tokens.employee)).body.find(
      (v) => v.id === vehicle.id,
    );
    expect(card?.mainPhotoUrl).toMatch(/\.svg$/);
  });
});
