import { z } from 'zod/mini';

import { PASSWORD_MAX_LENGTH } from './limits.js';

/** Spec 5 "Login": both fields required, with the spec's messages (translated by the web app). */
export const LoginRequestSchema = z.strictObject({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required!'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'Password is required!'), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Auth data as stored by the web app under `authData` (spec 3). */
export const AuthDataSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthData = z.infer<typeof AuthDataSchema>;

/**
 * Answer of login and refresh. `authenticated: false` carries no tokens; the web app stores
 * tokens only when `authenticated` is true (spec 4.1).
 */
export const AuthResponseSchema = z.union([
  z.extend(AuthDataSchema, { authenticated: z.literal(true) }),
  z.object({ authenticated: z.literal(false) }),
]);
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * Answer of `POST /v1/auth/login`. With a second factor the password alone yields no tokens but a
 * short-lived, single-use `mfaToken` for `POST /v1/auth/mfa`. An admin who still has to enrol gets
 * tokens with `mfaEnrollmentRequired`, and the web app leads to the enrolment screen first.
 */
export const LoginResponseSchema = z.union([
  z.extend(AuthDataSchema, { authenticated: z.literal(true), mfaEnrollmentRequired: z.optional(z.boolean()) }),
  z.object({ authenticated: z.literal(false), mfaRequired: z.literal(true), mfaToken: z.string() }),
  z.object({ authenticated: z.literal(false) }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A six-digit TOTP code (RFC 6238) or a recovery code (`xxxxx-xxxxx`). */
export const MfaCodeSchema = z
  .string({ error: 'required' })
  .check(z.trim(), z.minLength(6, 'required'), z.maxLength(32), z.regex(/^[0-9A-Za-z-]+$/, 'invalid'));

export const MfaLoginRequestSchema = z.strictObject({
  mfaToken: z.string().check(z.minLength(1), z.maxLength(128)),
  code: MfaCodeSchema,
});
export type MfaLoginRequest = z.infer<typeof MfaLoginRequestSchema>;

/**
 * Enrolment, step 1: the password again (step-up) and the proof of the mailbox (ADR 0025), then a
 * fresh secret to scan. Without `mailCode` the answer is 202 and the code goes to the account's
 * address; the invitation's acceptance answers one as `mfaEnrolmentCode`.
 */
export const MfaSetupRequestSchema = z.strictObject({
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
  mailCode: z.optional(z.string().check(z.trim(), z.maxLength(16), z.regex(/^[\d ]*$/, 'invalid'))),
});
export type MfaSetupRequest = z.infer<typeof MfaSetupRequestSchema>;
/** Enrolment, step 1 without the mailbox proof yet: the code is on its way to the account's address. */
export const MfaSetupMailedResponseSchema = z.object({ mailCodeSent: z.literal(true) });
export type MfaSetupMailedResponse = z.infer<typeof MfaSetupMailedResponseSchema>;
export const MfaSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (SVG data URL), drawn on the server. */
  qrCode: z.string(),
});
export type MfaSetupResponse = z.infer<typeof MfaSetupResponseSchema>;

/** Enrolment, step 2: the first code proves the app works; the answer carries ten recovery codes, once. */
export const MfaConfirmRequestSchema = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'invalid')),
});
export const MfaConfirmResponseSchema = z.object({ recoveryCodes: z.array(z.string()).check(z.length(10)) });
export type MfaConfirmResponse = z.infer<typeof MfaConfirmResponseSchema>;

/** Switching the second factor off (employees only) needs the password and a current code. */
export const MfaDisableRequestSchema = z.strictObject({
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH)),
  code: MfaCodeSchema,
});

/** `POST /v1/provider/tenants/{tenantId}/admins/{userId}/mfa/reset`: one HR admin of one employer. */
export const TenantAdminParamsSchema = z.object({ tenantId: z.uuid(), userId: z.uuid() });

export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** Admins must use a second factor. */
  required: z.boolean(),
  /** Until when an admin may still work without one (null once enrolled, for employees, and when no grace is left). */
  graceEndsAt: z.nullable(z.string()),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

export const RefreshRequestSchema = z.strictObject({
  refreshToken: z.string().check(z.minLength(1), z.maxLength(512)),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** Roles of the platform (spec 6). */
export const Roles = ['EMPLOYEE', 'TENANT_ADMIN', 'PROVIDER_ADMIN'] as const;
export const RoleSchema = z.enum(Roles);
export type Role = z.infer<typeof RoleSchema>;

/** Interface languages: German (the default and the legal text) and English. */
export const Languages = ['de', 'en'] as const;
export const LanguageSchema = z.enum(Languages);
export type Language = z.infer<typeof LanguageSchema>;

/** Who is signed in, as the web app needs it for navigation, and the language they chose. */
export const MeResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  tenantName: z.nullable(z.string()),
  language: LanguageSchema,
  /**
   * The order of the person's car, their running lease ("Mein Auto", ADR 0063); null without one.
   * Absent from answers of servers before it.
   */
  activeLeaseOrderId: z.optional(z.nullable(z.number().check(z.int()))),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** `PUT /v1/user/language`: remembers the interface language on the account. */
export const LanguageRequestSchema = z.strictObject({ language: LanguageSchema });
export type LanguageRequest = z.infer<typeof LanguageRequestSchema>;
