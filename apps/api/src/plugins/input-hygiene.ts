import type { FastifyReply, FastifyRequest } from 'fastify';

import { AppError } from '../lib/errors.js';

/**
 * Control characters have no place in this product's input: NUL breaks PostgreSQL text (a 500 whose
 * log would carry the request's values), the others forge log lines, mail headers or PDF text. Tab,
 * line feed and carriage return are allowed in bodies (multi-line text such as a decline reason),
 * never in the path or the query string.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_URL = /[\u0000-\u001F\u007F]/;
const MAX_DEPTH = 32;

/** The first path (e.g. `addressDto.firstName`) whose key or string value holds a forbidden character. */
export function findControlCharacter(value: unknown, forbidden: RegExp, path = '', depth = 0): string | null {
  if (typeof value === 'string') return forbidden.test(value) ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (forbidden.test(key)) return childPath;
    const found = findControlCharacter(child, forbidden, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** preValidation hook: 400 with the usual error body, naming the field but never echoing its value. */
export async function refuseControlCharacters(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const field =
    findControlCharacter(request.params, FORBIDDEN_IN_URL) ??
    findControlCharacter(request.query, FORBIDDEN_IN_URL) ??
    findControlCharacter(request.body, FORBIDDEN_IN_BODY);
  if (field === null) return;
  throw new AppError('VALIDATION_FAILED', 'Die Anfrage enthält unzulässige Steuerzeichen.', {
    errors: [{ field, message: 'Steuerzeichen sind nicht erlaubt' }],
  });
}
