import type { FastifyReply, FastifyRequest } from 'fastify';

import { AppError } from '../lib/errors.js';
import { FORBIDDEN_IN_TEXT } from '../lib/uploaded-text.js';

/**
 * Control characters have no place in this product's input (lib/uploaded-text.ts says why). Tab, line
 * feed and carriage return are allowed in bodies (multi-line text such as a decline reason), never in
 * the path or the query string. Uploaded files arrive as bytes and are checked where they are read,
 * with row and column (decodeUploadedText).
 */
const FORBIDDEN_IN_BODY = FORBIDDEN_IN_TEXT;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_URL = /[\u0000-\u001F\u007F]/;
const MAX_DEPTH = 32;

/** The first path (e.g. `addressDto.firstName`) whose key or string value holds a forbidden character. */
export function findControlCharacter(value: unknown, forbidden: RegExp, path = '', depth = 0): string | null {
  if (typeof value === 'string') return forbidden.test(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // An upload's bytes (a 10 MB photo or price list): walking them key by key would take seconds.
  if (value instanceof Uint8Array) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (forbidden.test(key)) return childPath;
    const found = findControlCharacter(child, forbidden, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The usual 400 for a control character: it names the field but never echoes its value. */
export function controlCharacterError(field: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Die Anfrage enthält unzulässige Steuerzeichen.', {
    errors: [{ field, message: 'Steuerzeichen sind nicht erlaubt' }],
  });
}

/** preValidation hook: 400 with the usual error body (`controlCharacterError`). */
export async function refuseControlCharacters(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const field =
    findControlCharacter(request.params, FORBIDDEN_IN_URL) ??
    findControlCharacter(request.query, FORBIDDEN_IN_URL) ??
    findControlCharacter(request.body, FORBIDDEN_IN_BODY);
  if (field !== null) throw controlCharacterError(field);
}
