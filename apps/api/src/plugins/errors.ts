import type { ErrorResponse, FieldError } from '@leasing/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { AppError } from '../lib/errors.js';
import { loggableError } from '../lib/loggable-error.js';

/** A database outage is usually a restart or failover: seconds, not minutes. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler: known errors keep their code and safe message; anything else becomes a
 * 500 with a generic text, its details only in the log (no stack, SQL or paths to clients).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
        } satisfies ErrorResponse);
    }
    const body = toErrorResponse(error);
    if (body.status >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    if (error instanceof AppError && error.headers) void reply.headers(error.headers);
    if (body.status === 429 && !reply.getHeader('retry-after')) void reply.header('retry-after', '60');
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });
}

function toErrorResponse(error: FastifyError): ErrorResponse {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext;
    const errors: FieldError[] = error.validation.map((issue) => ({
      field: fieldName(context, issue.instancePath),
      message: issue.message ?? 'invalid',
    }));
    return { status: 400, code: 'VALIDATION_FAILED', message: 'Die Anfrage enthält ungültige Felder.', errors };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', message: 'Die Anfrage ist zu groß.' };
  if (status === 429)
    return { status, code: 'RATE_LIMITED', message: 'Zu viele Anfragen. Bitte später erneut versuchen.' };
  if (status >= 400 && status < 500) {
    return { status: 400, code: 'VALIDATION_FAILED', message: 'Die Anfrage ist ungültig.' };
  }
  return { status: 500, code: 'INTERNAL', message: 'Ein interner Fehler ist aufgetreten.' };
}

function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (context === 'body') return path || 'body';
  return path ? path : (context ?? 'request');
}
