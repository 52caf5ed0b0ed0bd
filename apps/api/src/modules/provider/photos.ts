import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, type ProviderVehicle, type VehiclePhoto } from '@leasing/contract';
import sharp, { type Metadata } from 'sharp';

import type { Database } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  addVehiclePhoto,
  deleteVehiclePhoto,
  displayWidth,
  photoCountsByVehicle,
  photosOfVehicle,
  photoUrls,
  reorderVehiclePhotos,
  uploadedPhotoUrl as photoUrl,
  vehicleExists,
  type VehiclePhotoRow,
} from '../catalog/index.js';
import { requireProvider, type ProviderActor, type ProviderCtx, type ProviderDeps } from './deps.js';

/**
 * Vehicle photos. An upload is decoded and re-encoded (so nothing of the original file survives:
 * no EXIF, GPS or colour-profile tags, no trailing bytes) into responsive widths as WebP and AVIF.
 */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
type PhotoFormat = 'webp' | 'avif';
/** Decoding bombs: refuse images with more pixels than a 50-megapixel camera makes. */
const MAX_INPUT_PIXELS = 50_000_000;

export function toPhoto(row: VehiclePhotoRow, index: number): VehiclePhoto {
  const srcSet = (format: PhotoFormat) => row.widths.map((w) => `${photoUrl(row.id, w, format)} ${w}w`).join(', ');
  return {
    id: row.id,
    position: row.position,
    main: index === 0,
    width: row.width,
    height: row.height,
    widths: row.widths,
    url: photoUrl(row.id, displayWidth(row.widths)),
    srcSetWebp: srcSet('webp'),
    srcSetAvif: srcSet('avif'),
  };
}

const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Die Datei ist kein JPEG-, PNG- oder WebP-Bild.', {
    errors: [{ field: 'file', message: 'imageType' }],
  });

/** Decodes and re-encodes an upload; refuses anything that is not a JPEG, PNG or WebP image. */
export async function processPhoto(
  bytes: Buffer,
  declaredType: string | null,
  encode: { formats: readonly PhotoFormat[]; largestOnly: boolean } = { formats: ['webp', 'avif'], largestOnly: false },
): Promise<{ width: number; height: number; variants: { format: PhotoFormat; width: number; bytes: Buffer }[] }> {
  if (bytes.length > PHOTO_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'Das Foto ist zu groß (höchstens 10 MB).');
  const type = declaredType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type && type !== 'application/octet-stream' && !(PHOTO_CONTENT_TYPES as readonly string[]).includes(type))
    throw notAnImage();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw notAnImage();
  }
  // What the bytes are decides, not what the upload claimed.
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format) || !meta.width || !meta.height) throw notAnImage();
  // EXIF orientation is applied before it is dropped, so portrait photos stay upright.
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  let widths: number[] = PHOTO_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);
  // A damage photo is evidence: its own width, up to the largest photo width.
  if (encode.largestOnly) widths = [Math.min(width, Math.max(...PHOTO_WIDTHS))];
  const variants: { format: PhotoFormat; width: number; bytes: Buffer }[] = [];
  try {
    for (const w of widths) {
      const base = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: w });
      if (encode.formats.includes('webp'))
        variants.push({ format: 'webp', width: w, bytes: await base().webp({ quality: 80 }).toBuffer() });
      if (encode.formats.includes('avif'))
        variants.push({ format: 'avif', width: w, bytes: await base().avif({ quality: 50, effort: 2 }).toBuffer() });
    }
  } catch {
    // Truncated or corrupt image data that the header did not betray.
    throw notAnImage();
  }
  return { width, height, variants };
}

/**
 * A photo of a damage (at the return, in a claim): one WebP at the image's own width, down to the
 * largest photo width (1600 px) where it is wider, under the same rules as a vehicle photo (decoded, re-encoded, no metadata kept).
 */
export async function processDamagePhoto(
  bytes: Buffer,
  declaredType: string | null,
): Promise<{ width: number; height: number; webp: Buffer }> {
  const processed = await processPhoto(bytes, declaredType, { formats: ['webp'], largestOnly: true });
  const variant = processed.variants[0];
  if (!variant) throw notAnImage();
  return {
    width: variant.width,
    height: Math.round((processed.height * variant.width) / processed.width),
    webp: variant.bytes,
  };
}

async function requireVehicle(db: Database, vehicleId: string): Promise<void> {
  if (!(await vehicleExists(db, vehicleId))) throw notFound('Fahrzeug nicht gefunden');
}

/** `GET /v1/provider/vehicles`: every vehicle with its package and photo counts. */
export async function listVehicles(deps: ProviderDeps, actor: ProviderActor): Promise<ProviderVehicle[]> {
  requireProvider(actor);
  const snapshot = await deps.catalog.get();
  const photos = await photoCountsByVehicle(deps.db);
  return snapshot.vehicles.map((v) => ({
    id: v.id,
    brand: v.brand,
    model: v.model,
    trimLevel: v.trimLevel,
    listPrice: v.listPriceGrossCents / 100,
    packages: v.packages.length,
    photos: photos.get(v.id) ?? 0,
    mainPhotoUrl: photoUrls(v)[0] ?? null,
  }));
}

export async function listPhotos(deps: ProviderDeps, actor: ProviderActor, vehicleId: string): Promise<VehiclePhoto[]> {
  requireProvider(actor);
  await requireVehicle(deps.db, vehicleId);
  return (await photosOfVehicle(deps.db, vehicleId)).map(toPhoto);
}

/** `POST /v1/provider/vehicles/{id}/photos`: the new photo goes last. */
export async function uploadPhoto(
  deps: ProviderDeps,
  actor: ProviderActor,
  vehicleId: string,
  file: { bytes: Buffer; contentType: string | null },
  ctx: ProviderCtx,
): Promise<VehiclePhoto> {
  requireProvider(actor);
  await requireVehicle(deps.db, vehicleId);
  const processed = await processPhoto(file.bytes, file.contentType);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const photo = await addVehiclePhoto(tx, vehicleId, processed, { at: now, userId: actor.id });
    await audit(tx, actor, 'provider.photo.uploaded', photo.id, ctx, now);
    return photo;
  });
  const all = await photosOfVehicle(deps.db, vehicleId);
  return toPhoto(
    row,
    all.findIndex((p) => p.id === row.id),
  );
}

/** `PUT /v1/provider/vehicles/{id}/photos/order`: all photos, in the new order; the first is the main photo. */
export async function reorderPhotos(
  deps: ProviderDeps,
  actor: ProviderActor,
  vehicleId: string,
  photoIds: string[],
  ctx: ProviderCtx,
): Promise<VehiclePhoto[]> {
  requireProvider(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await reorderVehiclePhotos(tx, vehicleId, photoIds);
    await audit(tx, actor, 'provider.photo.reordered', vehicleId, ctx, now);
  });
  return (await photosOfVehicle(deps.db, vehicleId)).map(toPhoto);
}

export async function deletePhoto(
  deps: ProviderDeps,
  actor: ProviderActor,
  vehicleId: string,
  photoId: string,
  ctx: ProviderCtx,
): Promise<void> {
  requireProvider(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await deleteVehiclePhoto(tx, vehicleId, photoId))) throw notFound('Foto nicht gefunden');
    await audit(tx, actor, 'provider.photo.deleted', photoId, ctx, now);
  });
}

function audit(tx: Database, actor: ProviderActor, action: string, subjectId: string, ctx: ProviderCtx, at: Date) {
  return recordAudit(tx, {
    actorUserId: actor.id,
    tenantId: null,
    action,
    subjectType: 'vehicle_photo',
    subjectId,
    requestId: ctx.requestId,
    at,
  });
}
