import { AppError } from '../../lib/errors.js';

/** RFC 7644 §3.12: the error message's schema. */
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType` values of RFC 7644 §3.12 this service answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers';

/** A SCIM error: the HTTP status, the standard's `scimType` (400 and 409 only) and an English detail. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');
export const mutability = (detail: string) => new ScimError(400, detail, 'mutability');
export const uniqueness = (detail: string) => new ScimError(409, detail, 'uniqueness');
export const notFound = (id: string) => new ScimError(404, `Resource ${id} not found`);
export const unauthorized = () =>
  new ScimError(401, 'Authorization failure: a valid SCIM bearer token is required', undefined, {
    'www-authenticate': 'Bearer realm="scim"',
  });

/** The body of an error answer: `status` is a string, as the standard writes it. */
export function scimErrorBody(error: ScimError): Record<string, unknown> {
  return {
    schemas: [ERROR_SCHEMA],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.detail,
  };
}

/** A database refusal of a second equal key (PostgreSQL and PGlite alike, also wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Anything thrown on a SCIM route as a SCIM error: the services' own errors (`AppError`, German
 * texts for people) get the standard's English detail; Fastify's (a body that is no JSON, too large,
 * of another type) theirs; anything else is a 500 that says nothing more.
 */
export function toScimError(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) {
    switch (error.code) {
      case 'UNAUTHENTICATED':
        return unauthorized();
      case 'RATE_LIMITED':
        return new ScimError(429, 'Too many requests for this token; retry later', undefined, error.headers);
      case 'VALIDATION_FAILED': {
        const fields = (error.errors ?? []).map((e) => e.field).join(', ');
        return invalidValue(`The request holds invalid values${fields ? ` (${fields})` : ''}`);
      }
      case 'LEAVING_DATE_REFUSED':
        return new ScimError(409, 'The leaving cannot be recorded on this day; the employer has to record it');
      case 'FORBIDDEN':
        return new ScimError(403, 'Forbidden');
      case 'NOT_FOUND':
        return new ScimError(404, 'Resource not found');
      case 'CONFLICT':
        return new ScimError(409, 'The request conflicts with the current state of the resource');
      default:
        return error.status >= 500 ? internal() : new ScimError(error.status, 'The request cannot be processed');
    }
  }
  if (isUniqueViolation(error)) return uniqueness('A value that must be unique is already in use');
  const fastify = error as { statusCode?: unknown; code?: unknown };
  const status = typeof fastify.statusCode === 'number' ? fastify.statusCode : 500;
  if (status === 413) return new ScimError(413, 'The request body is too large');
  if (status === 415) return new ScimError(415, 'Send the body as application/scim+json or application/json');
  if (status === 400) return invalidSyntax('The request body is not valid JSON');
  if (status >= 400 && status < 500) return new ScimError(status, 'The request cannot be processed');
  return internal();
}

const internal = () => new ScimError(500, 'Internal error');
