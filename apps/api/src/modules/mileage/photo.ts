import { ODOMETER_PHOTO_FIELD, ODOMETER_READING_FIELD, OrderIdParamsSchema, PHOTO_MAX_BYTES } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { odometerPhotos, odometerReadings } from '../../db/schema-mileage.js';
import { notFound } from '../../lib/errors.js';
import { jsonForm } from '../../lib/json-form.js';
import { FORBIDDEN_IN_TEXT } from '../../lib/uploaded-text.js';
import { requireUser } from '../../plugins/authenticate.js';
import { controlCharacterError, findControlCharacter } from '../../plugins/input-hygiene.js';
import { visibleOrder, type Actor, type OrderDeps } from '../orders/index.js';
import { processDamagePhoto } from '../provider/index.js';
import { assertReadingTarget, type OdometerPhoto } from './readings.js';

/**
 * The reading as multipart/form-data: its JSON in `reading`, at most one `photo` under the damage
 * photos' rules (JPEG, PNG or WebP up to 10 MB, decoded and re-encoded as WebP without metadata).
 */
export const odometerForm = jsonForm<OdometerPhoto>({
  jsonField: ODOMETER_READING_FIELD,
  fileField: ODOMETER_PHOTO_FIELD,
  maxFiles: 1,
  fileMaxBytes: PHOTO_MAX_BYTES,
  onFile: processDamagePhoto,
  texts: {
    fileTooLarge: 'Das Foto ist zu groß (höchstens 10 MB).',
    tooManyFiles: 'Höchstens ein Foto je Kilometerstand.',
    oneJsonField: 'Der Kilometerstand gehört in ein einziges Feld „reading“.',
    fileField: 'Das Foto gehört in das Feld „photo“.',
    badJson: 'Der Kilometerstand ist kein gültiges JSON.',
    unknownField: 'Unbekanntes Feld im Kilometerstand.',
    missingJson: 'Der Kilometerstand fehlt (Feld „reading“).',
  },
});

/** The photo a form brought, from the hook that read it to the handler. */
const sentPhotos = new WeakMap<FastifyRequest, OdometerPhoto>();

/**
 * preValidation for `POST /v1/order/{orderId}/odometer` sent as a form: whose order and which state are
 * checked before a byte of the photo is read; the form's JSON then becomes the body, which the route's
 * schema validates as it would a JSON body (the same 400s), and the photo waits for the handler. A JSON
 * request passes untouched.
 */
export const readOdometerForm = (deps: OrderDeps) => async (request: FastifyRequest) => {
  if (!request.isMultipart()) return;
  const params = OrderIdParamsSchema.safeParse(request.params);
  // A malformed id is the schema's 400, and the form stays unread.
  if (!params.success) return;
  await assertReadingTarget(deps, requireUser(request), params.data.orderId);
  const { raw, files } = await odometerForm.read(request);
  // Control characters refused as the body check would (it ran before the form was read).
  const field = findControlCharacter(raw, FORBIDDEN_IN_TEXT);
  if (field !== null) throw controlCharacterError(field);
  request.body = raw;
  const [photo] = files;
  if (photo) sentPhotos.set(request, photo);
};

export const photoSentWith = (request: FastifyRequest): OdometerPhoto | null => sentPhotos.get(request) ?? null;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * `GET /v1/order/{orderId}/odometer/{readingId}/photo`: the reading's photo (WebP) for whoever reads the
 * order's mileage (the employee, their employer's HR, the provider); a 404 for everyone else, for a
 * reading of another order and for one without a photo, as for an unknown id.
 */
export async function readOdometerPhoto(
  deps: OrderDeps,
  actor: Actor,
  ids: { orderId: number; readingId: string },
): Promise<Buffer> {
  const order = await visibleOrder(deps, actor, ids.orderId);
  if (!isUuid(ids.readingId)) throw notFound('Foto nicht gefunden');
  const [row] = await deps.db
    .select({ webp: odometerPhotos.webp })
    .from(odometerPhotos)
    .innerJoin(odometerReadings, eq(odometerReadings.id, odometerPhotos.readingId))
    .where(and(eq(odometerPhotos.readingId, ids.readingId), eq(odometerReadings.orderId, order.id)));
  if (!row) throw notFound('Foto nicht gefunden');
  return row.webp;
}
