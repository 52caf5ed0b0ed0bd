import { PHOTOS_PER_VEHICLE_MAX } from '@leasing/contract';
import { and, asc, count, eq, max } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { vehiclePhotos, vehiclePhotoVariants, vehicles } from '../../db/schema-catalog.js';
import { AppError, conflict } from '../../lib/errors.js';

/**
 * The vehicle photos as the catalogue keeps them (its media: the snapshot names them, media routes
 * serve them). The provider's back office uploads, orders and removes them through these functions
 * (modules/provider/photos.ts checks the role, encodes the upload and audits).
 */
export type VehiclePhotoRow = typeof vehiclePhotos.$inferSelect;

export interface EncodedPhoto {
  width: number;
  height: number;
  variants: { format: 'webp' | 'avif'; width: number; bytes: Buffer }[];
}

export async function vehicleExists(db: Database, vehicleId: string): Promise<boolean> {
  const [row] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId));
  return row !== undefined;
}

/** A vehicle's photos in their order (the first is the main photo). */
export async function photosOfVehicle(db: Database, vehicleId: string): Promise<VehiclePhotoRow[]> {
  return db
    .select()
    .from(vehiclePhotos)
    .where(eq(vehiclePhotos.vehicleId, vehicleId))
    .orderBy(asc(vehiclePhotos.position), asc(vehiclePhotos.createdAt));
}

/** How many photos each vehicle has (vehicles without any are absent). */
export async function photoCountsByVehicle(db: Database): Promise<Map<string, number>> {
  const counts = await db
    .select({ vehicleId: vehiclePhotos.vehicleId, n: count() })
    .from(vehiclePhotos)
    .groupBy(vehiclePhotos.vehicleId);
  return new Map(counts.map((c) => [c.vehicleId, Number(c.n)]));
}

/** Adds an encoded photo as the vehicle's last, inside the caller's transaction. */
export async function addVehiclePhoto(
  tx: Database,
  vehicleId: string,
  photo: EncodedPhoto,
  by: { at: Date; userId: string },
): Promise<VehiclePhotoRow> {
  // Serialises uploads per vehicle, so positions and the limit hold under parallel uploads.
  await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId)).for('update');
  const [stats] = await tx
    .select({ n: count(), last: max(vehiclePhotos.position) })
    .from(vehiclePhotos)
    .where(eq(vehiclePhotos.vehicleId, vehicleId));
  if (Number(stats?.n ?? 0) >= PHOTOS_PER_VEHICLE_MAX)
    throw conflict(`Ein Fahrzeug hat höchstens ${PHOTOS_PER_VEHICLE_MAX} Fotos.`);
  const [row] = await tx
    .insert(vehiclePhotos)
    .values({
      vehicleId,
      position: (stats?.last ?? -1) + 1,
      width: photo.width,
      height: photo.height,
      widths: [...new Set(photo.variants.map((v) => v.width))],
      createdAt: by.at,
      createdBy: by.userId,
    })
    .returning();
  if (!row) throw new Error('photo insert failed');
  await tx.insert(vehiclePhotoVariants).values(photo.variants.map((v) => ({ photoId: row.id, ...v })));
  return row;
}

/** Puts every photo of the vehicle in the given order; each must be named exactly once. */
export async function reorderVehiclePhotos(
  tx: Database,
  vehicleId: string,
  photoIds: readonly string[],
): Promise<void> {
  const current = await photosOfVehicle(tx, vehicleId);
  const known = new Set(current.map((p) => p.id));
  if (
    photoIds.length !== current.length ||
    new Set(photoIds).size !== photoIds.length ||
    photoIds.some((id) => !known.has(id))
  ) {
    throw new AppError('VALIDATION_FAILED', 'Bitte geben Sie jedes Foto des Fahrzeugs genau einmal an.', {
      errors: [{ field: 'photoIds', message: 'invalid' }],
    });
  }
  for (const [position, id] of photoIds.entries())
    await tx.update(vehiclePhotos).set({ position }).where(eq(vehiclePhotos.id, id));
}

/** Removes one photo of the vehicle; false when the vehicle has no such photo. */
export async function deleteVehiclePhoto(tx: Database, vehicleId: string, photoId: string): Promise<boolean> {
  const deleted = await tx
    .delete(vehiclePhotos)
    .where(and(eq(vehiclePhotos.id, photoId), eq(vehiclePhotos.vehicleId, vehicleId)))
    .returning({ id: vehiclePhotos.id });
  return deleted.length > 0;
}
