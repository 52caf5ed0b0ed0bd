import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

/** Picture URLs of a vehicle: three views in the first colour, then the side view in each other colour. */
export function photoUrls(v: Pick<CatalogVehicle, 'id' | 'colors'>): string[] {
  const first = VIEWS.map((view) => `/media/vehicles/${v.id}/${view}-0.svg`);
  const others = v.colors.slice(1).map((_c, i) => `/media/vehicles/${v.id}/side-${i + 1}.svg`);
  return [...first, ...others];
}

const ParamsSchema = z.object({
  vehicleId: z.uuid(),
  picture: z.string().regex(/^(side|front34|rear34)-\d{1,2}\.svg$/),
});

export function mediaRoutes(deps: { catalog: CatalogCache }): FastifyPluginAsyncZod {
  return async (app) => {
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
