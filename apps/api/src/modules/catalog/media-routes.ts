import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../db/client.js';
import { vehiclePhotoVariants } from '../../db/schema-catalog.js';
import { notFound } from '../../lib/errors.js';
import type { CatalogCache, CatalogVehicle } from './catalog-snapshot.js';
import { renderVehicleSvg, VEHICLE_COLORS } from './illustration.js';
import type { VehicleSegment } from './pricing.js';

/**
 * Vehicle pictures: generated illustrations (we ship no manufacturer photos). Public, because `<img>`
 * cannot send a bearer token; they show nothing but the catalogue.
 */
const VIEWS = ['side', 'front34', 'rear34'] as const;
type View = (typeof VIEWS)[number];

/** An uploaded photo's stored variant (provider back office): WebP and AVIF in a few widths. */
export const uploadedPhotoUrl = (id: string, width: number, format: 'webp' | 'avif' = 'webp') =>
  `/media/photos/${id}/${width}.${format}`;

/** The width cards and the carousel use: 960 when there is one, else the largest. */
export function displayWidth(widths: readonly number[]): number {
  return widths.includes(960) ? 960 : (widths[widths.length - 1] ?? 0);
}

/**
 * Picture URLs of a vehicle: its uploaded photos in their order (the first is the main photo); without
 * any, three generated views in the first colour, then the side view in each other colour.
 */
export function photoUrls(v: Pick<CatalogVehicle, 'id' | 'colors'> & { photos?: CatalogVehicle['photos'] }): string[] {
  if (v.photos && v.photos.length > 0) return v.photos.map((p) => uploadedPhotoUrl(p.id, displayWidth(p.widths)));
  const first = VIEWS.map((view) => `/media/vehicles/${v.id}/${view}-0.svg`);
  const others = v.colors.slice(1).map((_c, i) => `/media/vehicles/${v.id}/side-${i + 1}.svg`);
  return [...first, ...others];
}

const VEHICLE_PAGE = /^\/vehicle\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The picture the page at `pathname` shows largest, when it is known without asking who is looking:
 * the vehicle page's first picture (of the current catalogue). The web app's server names it in the
 * page's answer, so the browser loads it beside the scripts instead of after them and the vehicle's
 * data. The pictures are public anyway (above); a page for an unknown id names none.
 */
export function firstPictureOfPage(catalog: Pick<CatalogCache, 'get'>) {
  return async (pathname: string): Promise<string | null> => {
    const vehicleId = VEHICLE_PAGE.exec(pathname)?.[1]?.toLowerCase();
    if (!vehicleId) return null;
    const vehicle = (await catalog.get()).byId.get(vehicleId);
    return vehicle ? (photoUrls(vehicle)[0] ?? null) : null;
  };
}

const ParamsSchema = z.object({
  vehicleId: z.uuid(),
  picture: z.string().regex(/^(side|front34|rear34)-\d{1,2}\.svg$/),
});

const PhotoParamsSchema = z.object({
  photoId: z.uuid(),
  file: z.string().regex(/^\d{2,4}\.(webp|avif)$/),
});

export function mediaRoutes(deps: { catalog: CatalogCache; db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/photos/:photoId/:file',
      { schema: { hide: true, params: PhotoParamsSchema } },
      async (request, reply) => {
        const [width, format] = request.params.file.split('.') as [string, 'webp' | 'avif'];
        const [row] = await deps.db
          .select({ bytes: vehiclePhotoVariants.bytes })
          .from(vehiclePhotoVariants)
          .where(
            and(
              eq(vehiclePhotoVariants.photoId, request.params.photoId),
              eq(vehiclePhotoVariants.width, Number(width)),
              eq(vehiclePhotoVariants.format, format),
            ),
          );
        if (!row) throw notFound();
        // A photo's variants never change (a new upload is a new id): cached for a year.
        return reply
          .type(`image/${format}`)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(row.bytes);
      },
    );

    app.get(
      '/media/vehicles/:vehicleId/:picture',
      { schema: { hide: true, params: ParamsSchema } },
      async (request, reply) => {
        const snapshot = await deps.catalog.get();
        const vehicle = snapshot.byId.get(request.params.vehicleId);
        const [view, index] = request.params.picture.replace('.svg', '').split('-') as [View, string];
        const colorName = vehicle?.colors[Number(index)];
        if (!vehicle || !colorName) throw notFound();
        const color = VEHICLE_COLORS.find((c) => c.name === colorName) ?? VEHICLE_COLORS[0];
        const svg = renderVehicleSvg({
          brand: vehicle.brand,
          model: vehicle.model,
          ...(vehicle.trimLevel ? { trimLevel: vehicle.trimLevel } : {}),
          segment: vehicle.segment as VehicleSegment,
          colorHex: color?.hex ?? '#8a9199',
          colorName,
          view,
        });
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );
  };
}
