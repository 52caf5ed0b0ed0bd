import multipart from '@fastify/multipart';
import { CLAIM_PHOTOS_MAX, CLAIM_PHOTOS_TOTAL_MAX_BYTES, type ClaimReportRequest } from '@leasing/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError } from '../../lib/errors.js';
import { FORBIDDEN_IN_TEXT } from '../../lib/uploaded-text.js';
import { controlCharacterError, findControlCharacter } from '../../plugins/input-hygiene.js';
import { processDamagePhoto } from '../provider/index.js';
import { parseReport, type ClaimPhoto } from './report.js';

/** One photo may be this large (the return photos' rule). */
const PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * A report comes as JSON, or as multipart/form-data: the JSON in a `claim` field and up to ten
 * `photos` files (what the order page's form sends). Registered on the claims' scope only.
 */
export async function acceptClaimUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_LIMIT_BYTES, files: CLAIM_PHOTOS_MAX, fields: 1, parts: CLAIM_PHOTOS_MAX + 1 },
  });
}

const invalid = (field: string, message: string, text: string) =>
  new AppError('VALIDATION_FAILED', text, { errors: [{ field, message }] });

/** The report's JSON from a body or a form field: control characters refused as the body check would. */
function reportOf(raw: unknown): ClaimReportRequest {
  const field = findControlCharacter(raw, FORBIDDEN_IN_TEXT);
  if (field !== null) throw controlCharacterError(field);
  return parseReport(raw);
}

function limitError(error: unknown): AppError | null {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', 'Ein Foto ist zu groß (höchstens 10 MB).');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return invalid('photos', `max ${CLAIM_PHOTOS_MAX}`, `Höchstens ${CLAIM_PHOTOS_MAX} Fotos je Meldung.`);
  if (code === 'FST_FIELDS_LIMIT')
    return invalid('claim', 'invalid', 'Die Meldung gehört in ein einziges Feld „claim“.');
  return null;
}

/**
 * The report and its photos. Each photo is decoded and re-encoded as it arrives, so no more than one
 * original is held at a time; nothing is written before the whole request was read and checked.
 */
export async function readClaimRequest(
  request: FastifyRequest,
): Promise<{ report: ClaimReportRequest; photos: ClaimPhoto[] }> {
  if (!request.isMultipart()) return { report: reportOf(request.body), photos: [] };
  let raw: unknown;
  let sawClaim = false;
  const photos: ClaimPhoto[] = [];
  let totalBytes = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') {
          await part.toBuffer();
          throw invalid(part.fieldname, 'unknown', 'Fotos gehören in das Feld „photos“.');
        }
        const bytes = await part.toBuffer();
        totalBytes += bytes.length;
        if (totalBytes > CLAIM_PHOTOS_TOTAL_MAX_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', 'Die Fotos einer Meldung sind zusammen zu groß (höchstens 20 MB).');
        photos.push(await processDamagePhoto(bytes, part.mimetype));
      } else if (part.fieldname === 'claim') {
        sawClaim = true;
        try {
          raw = JSON.parse(String(part.value));
        } catch {
          throw invalid('claim', 'invalid', 'Die Meldung ist kein gültiges JSON.');
        }
      } else {
        throw invalid(part.fieldname, 'unknown', 'Unbekanntes Feld in der Meldung.');
      }
    }
  } catch (error) {
    throw limitError(error) ?? error;
  }
  if (!sawClaim) throw invalid('claim', 'required', 'Die Meldung fehlt (Feld „claim“).');
  return { report: reportOf(raw), photos };
}
