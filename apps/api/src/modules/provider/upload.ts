import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError } from '../../lib/errors.js';

/** Uploads (price lists, photos) may be this large; everything else keeps the app's 1 MB. */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Uploads come either as the file itself (`text/csv`, `image/png`, … as the body, handy for scripts)
 * or as `multipart/form-data` with one file part (what a browser's file input sends). Registered on
 * the back office's scope only.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 5, parts: 6 },
  });
  // Any other type arrives as raw bytes; the service decides what it accepts (a clear 415, not Fastify's).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES + 1 }, (_request, body, done) =>
    done(null, body),
  );
}

export interface Upload {
  name: string;
  contentType: string | null;
  bytes: Buffer;
}

/** The one uploaded file of a request, in whichever of the two forms it came. */
export async function readUpload(request: FastifyRequest, defaultName: string): Promise<Upload> {
  if (request.isMultipart()) {
    let file;
    try {
      file = await request.file();
    } catch {
      throw noFile();
    }
    if (!file) throw noFile();
    try {
      return { name: safeName(file.filename, defaultName), contentType: file.mimetype, bytes: await file.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('PAYLOAD_TOO_LARGE', 'Die Datei ist zu groß (höchstens 10 MB).');
      throw noFile();
    }
  }
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw noFile();
  const header = request.headers['x-file-name'];
  return {
    name: safeName(typeof header === 'string' ? decoded(header) : '', defaultName),
    contentType: request.headers['content-type'] ?? null,
    bytes: body,
  };
}

const noFile = () =>
  new AppError('VALIDATION_FAILED', 'Bitte wählen Sie eine Datei aus.', {
    errors: [{ field: 'file', message: 'required' }],
  });

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** File names are shown and stored, never used as paths: one line, no separators, bounded. */
function safeName(name: string, fallback: string): string {
  const cleaned = [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '/' && c !== '\\')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}
