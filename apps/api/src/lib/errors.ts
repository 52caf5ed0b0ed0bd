import type { ErrorCode, FieldError } from '@leasing/contract';
import { errorCodeStatus } from '@leasing/contract';

/**
 * The one error type services throw. The error handler maps `code` to the HTTP status through the
 * contract's table; `message` is safe to show (never internals).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCodeStatus[code];
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'Nicht gefunden') => new AppError('NOT_FOUND', what);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Anmeldung erforderlich');
export const forbidden = () => new AppError('FORBIDDEN', 'Keine Berechtigung');
export const conflict = (message: string) => new AppError('CONFLICT', message);
