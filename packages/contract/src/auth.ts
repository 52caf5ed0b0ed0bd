import { z } from 'zod';

import { PASSWORD_MAX_LENGTH } from './limits.js';

/** Spec 5 "Login": both fields required, with the spec's messages (translated by the web app). */
export const LoginRequestSchema = z
  .object({
    username: z.string().trim().min(1, 'Username is required!').max(254),
    password: z.string().min(1, 'Password is required!').max(PASSWORD_MAX_LENGTH),
  })
  .strict();
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
  AuthDataSchema.extend({ authenticated: z.literal(true) }),
  z.object({ authenticated: z.literal(false) }),
]);
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RefreshRequestSchema = z
  .object({
    refreshToken: z.string().min(1).max(512),
  })
  .strict();
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** Roles of the platform (spec 6). */
export const Roles = ['EMPLOYEE', 'TENANT_ADMIN', 'PROVIDER_ADMIN'] as const;
export const RoleSchema = z.enum(Roles);
export type Role = z.infer<typeof RoleSchema>;

/** Who is signed in, as the web app needs it for navigation. */
export const MeResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  tenantName: z.string().nullable(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;
