import { z } from 'zod/mini';

/**
 * Machine-readable error codes. One code maps to one HTTP status in the API's error handler;
 * clients branch on the code, never on the message.
 */
export const ErrorCodes = [
  'VALIDATION_FAILED',
  'REGISTRATION_FAILED',
  'CODE_INVALID',
  'ORDER_INCOMPLETE',
  'POLICY_REFUSED',
  'PRICE_LIST_INVALID',
  'LEAVING_DATE_REFUSED',
  'IDEMPOTENCY_KEY_REUSED',
  'SSO_DISCOVERY_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'MFA_ENROLLMENT_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PROFILE_INCOMPLETE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const ErrorCodeSchema = z.enum(ErrorCodes);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** HTTP status for every error code: the single table the API's error handler uses. */
export const errorCodeStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  REGISTRATION_FAILED: 400,
  CODE_INVALID: 400,
  ORDER_INCOMPLETE: 422,
  /** The employer's programme does not allow this order (car, rate or minimum pay); the message says why. */
  POLICY_REFUSED: 422,
  PRICE_LIST_INVALID: 422,
  /** A leaving date the payroll cannot follow (before a lease's handover, or too far back); `errors` says why. */
  LEAVING_DATE_REFUSED: 422,
  /** An Idempotency-Key used again with another request body (the first request's fingerprint differs). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The identity provider of a company sign-in could not be discovered at the issuer given (`errors` on `issuer`). */
  SSO_DISCOVERY_FAILED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  MFA_ENROLLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PROFILE_INCOMPLETE: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** One invalid field: `field` is the dotted path (`salaryInfo.taxClass`), `message` is shown to the user. */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The body of every 4xx/5xx answer. `errors` lists field errors where the request had invalid fields. */
export const ErrorResponseSchema = z.object({
  status: z.number().check(z.int()),
  code: ErrorCodeSchema,
  message: z.string(),
  errors: z.optional(z.array(FieldErrorSchema)),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
