import { CLAIM_PHOTOS_MAX, CLAIM_PHOTOS_TOTAL_MAX_BYTES, type ClaimReportRequest } from '@leasing/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { jsonForm } from '../../lib/json-form.js';
import { FORBIDDEN_IN_TEXT } from '../../lib/uploaded-text.js';
import { controlCharacterError, findControlCharacter } from '../../plugins/input-hygiene.js';
import { processDamagePhoto } from '../provider/index.js';
import { parseReport, type ClaimPhoto } from './report.js';

/** One photo may be this large (the return photos' rule). */
const PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * A report comes as JSON, or as multipart/form-data: the JSON in a `claim` field and up to ten
 * `photos` files (what the order page's form sends). Each photo is decoded and re-encoded as it
 * arrives (`processDamagePhoto`).
 */
const claimForm = jsonForm<ClaimPhoto>({
  jsonField: 'claim',
  fileField: 'photos',
  maxFiles: CLAIM_PHOTOS_MAX,
  fileMaxBytes: PHOTO_LIMIT_BYTES,
  total: {
    maxBytes: CLAIM_PHOTOS_TOTAL_MAX_BYTES,
    text: 'Die Fotos einer Meldung sind zusammen zu groß (höchstens 20 MB).',
  },
  onFile: processDamagePhoto,
  texts: {
    fileTooLarge: 'Ein Foto ist zu groß (höchstens 10 MB).',
    tooManyFiles: `Höchstens ${CLAIM_PHOTOS_MAX} Fotos je Meldung.`,
    oneJsonField: 'Die Meldung gehört in ein einziges Feld „claim“.',
    fileField: 'Fotos gehören in das Feld „photos“.',
    badJson: 'Die Meldung ist kein gültiges JSON.',
    unknownField: 'Unbekanntes Feld in der Meldung.',
    missingJson: 'Die Meldung fehlt (Feld „claim“).',
  },
});

/** Registered on the claims' scope only. */
export async function acceptClaimUploads(app: FastifyInstance): Promise<void> {
  await claimForm.register(app);
}

/** The report's JSON from a body or a form field: control characters refused as the body check would. */
function reportOf(raw: unknown): ClaimReportRequest {
  const field = findControlCharacter(raw, FORBIDDEN_IN_TEXT);
  if (field !== null) throw controlCharacterError(field);
  return parseReport(raw);
}

/** The report and its photos; nothing is written before the whole request was read and checked. */
export async function readClaimRequest(
  request: FastifyRequest,
): Promise<{ report: ClaimReportRequest; photos: ClaimPhoto[] }> {
  if (!request.isMultipart()) return { report: reportOf(request.body), photos: [] };
  const { raw, files } = await claimForm.read(request);
  return { report: reportOf(raw), photos: files };
}
