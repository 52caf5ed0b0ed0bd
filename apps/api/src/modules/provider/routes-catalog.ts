import {
  ImportIdParamsSchema,
  PhotoOrderRequestSchema,
  PriceListPreviewSchema,
  PriceListVersionParamsSchema,
  PriceListVersionSchema,
  PriceListVersionsPageSchema,
  PriceListVersionsQuerySchema,
  ProviderVehicleParamsSchema,
  ProviderVehicleSchema,
  VehiclePhotoParamsSchema,
  VehiclePhotoSchema,
} from '@leasing/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import * as photos from './photos.js';
import * as priceList from './price-list.js';
import { ctxOf, provider, security, tags, type ProviderRouteDeps } from './route-helpers.js';
import { readUpload } from './upload.js';

/** An upload's body: the file itself (`text/csv`, `image/…`) or `multipart/form-data` with one file part. */
const FileBody = z.any().describe('The file as the body (with its content type) or as multipart/form-data');

/** Price list (export, import preview, publish, versions, rollback) and vehicle photos. */
export function catalogBackOfficeRoutes(deps: ProviderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/provider/catalog/export.csv',
      {
        schema: {
          tags,
          summary: 'The live price list as CSV (UTF-8 with BOM, `;`), one row per lease package',
          security,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await priceList.exportPriceList(deps, provider(request));
        const day = deps.clock.now().toISOString().slice(0, 10);
        return sendCsv(reply, csv, `preisliste-${day}.csv`);
      },
    );

    app.post(
      '/v1/provider/catalog/imports',
      {
        bodyLimit: priceList.PRICE_LIST_MAX_BYTES + 1,
        schema: {
          tags,
          summary: 'Upload an edited price list: the preview (added, changed, withdrawn, errors); nothing is live yet',
          security,
          consumes: ['text/csv', 'multipart/form-data'],
          body: FileBody,
          response: { 201: PriceListPreviewSchema },
        },
      },
      async (request, reply) => {
        const actor = provider(request);
        const file = await readUpload(request, 'preisliste.csv');
        return reply.code(201).send(await priceList.createImport(deps, actor, file, ctxOf(request)));
      },
    );

    app.get(
      '/v1/provider/catalog/imports/:importId',
      {
        schema: {
          tags,
          summary: 'The preview of an uploaded price list',
          security,
          params: ImportIdParamsSchema,
          response: { 200: PriceListPreviewSchema },
        },
      },
      async (request) => priceList.getImport(deps, provider(request), request.params.importId),
    );

    app.post(
      '/v1/provider/catalog/imports/:importId/publish',
      {
        schema: {
          tags,
          summary: 'Publish a previewed price list in one transaction (422 when the file has errors)',
          security,
          params: ImportIdParamsSchema,
          response: { 200: PriceListVersionSchema },
        },
      },
      async (request) => priceList.publishImport(deps, provider(request), request.params.importId, ctxOf(request)),
    );

    app.get(
      '/v1/provider/catalog/versions',
      {
        schema: {
          tags,
          summary: 'Published price lists (the newest is live): searched (q), sorted and paged',
          security,
          querystring: PriceListVersionsQuerySchema,
          response: { 200: PriceListVersionsPageSchema },
        },
      },
      async (request) => priceList.listVersions(deps, provider(request), request.query),
    );

    app.get(
      '/v1/provider/catalog/versions/:versionId/file.csv',
      {
        schema: {
          tags,
          summary: 'The file of a published version',
          security,
          params: PriceListVersionParamsSchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const file = await priceList.versionFile(deps, provider(request), request.params.versionId);
        return sendCsv(reply, file.csv, file.fileName.endsWith('.csv') ? file.fileName : `${file.fileName}.csv`);
      },
    );

    app.post(
      '/v1/provider/catalog/versions/:versionId/rollback',
      {
        schema: {
          tags,
          summary: 'Restore the price list as it was before this version (published as a new version)',
          security,
          params: PriceListVersionParamsSchema,
          response: { 200: PriceListVersionSchema },
        },
      },
      async (request) => priceList.rollbackVersion(deps, provider(request), request.params.versionId, ctxOf(request)),
    );

    app.get(
      '/v1/provider/vehicles',
      {
        schema: {
          tags,
          summary: 'Vehicles with their package and photo counts',
          security,
          response: { 200: z.array(ProviderVehicleSchema) },
        },
      },
      async (request) => photos.listVehicles(deps, provider(request)),
    );

    app.get(
      '/v1/provider/vehicles/:vehicleId/photos',
      {
        schema: {
          tags,
          summary: "A vehicle's photos in order (the first is the main photo)",
          security,
          params: ProviderVehicleParamsSchema,
          response: { 200: z.array(VehiclePhotoSchema) },
        },
      },
      async (request) => photos.listPhotos(deps, provider(request), request.params.vehicleId),
    );

    app.post(
      '/v1/provider/vehicles/:vehicleId/photos',
      {
        bodyLimit: 10 * 1024 * 1024 + 1,
        schema: {
          tags,
          summary: 'Upload a JPEG, PNG or WebP photo (≤ 10 MB); stored as WebP and AVIF without metadata',
          security,
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'multipart/form-data'],
          params: ProviderVehicleParamsSchema,
          body: FileBody,
          response: { 201: VehiclePhotoSchema },
        },
      },
      async (request, reply) => {
        const actor = provider(request);
        const file = await readUpload(request, 'foto');
        const photo = await photos.uploadPhoto(deps, actor, request.params.vehicleId, file, ctxOf(request));
        return reply.code(201).send(photo);
      },
    );

    app.put(
      '/v1/provider/vehicles/:vehicleId/photos/order',
      {
        schema: {
          tags,
          summary: 'Reorder the photos; the first becomes the main photo',
          security,
          params: ProviderVehicleParamsSchema,
          body: PhotoOrderRequestSchema,
          response: { 200: z.array(VehiclePhotoSchema) },
        },
      },
      async (request) =>
        photos.reorderPhotos(deps, provider(request), request.params.vehicleId, request.body.photoIds, ctxOf(request)),
    );

    app.delete(
      '/v1/provider/vehicles/:vehicleId/photos/:photoId',
      {
        schema: {
          tags,
          summary: 'Delete a photo',
          security,
          params: VehiclePhotoParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await photos.deletePhoto(
          deps,
          provider(request),
          request.params.vehicleId,
          request.params.photoId,
          ctxOf(request),
        );
        return reply.code(204).send(null);
      },
    );
  };
}

function sendCsv(reply: FastifyReply, csv: string, fileName: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}
