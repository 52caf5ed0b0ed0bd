import { z } from 'zod/mini';

import { AuthDataSchema, LanguageSchema } from './auth.js';
import { PASSWORD_MAX_LENGTH } from './limits.js';
import { PasswordSchema } from './passwords.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

export const TitleSchema = z.enum(['mr', 'ms', 'other']);
export type Title = z.infer<typeof TitleSchema>;

export const EmailSchema = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email('Has to be valid email'));

const requiredText = (max = 100) =>
  z
    .string({ error: msg.required })
    .check(
      z.trim(),
      z.minLength(1, 'This field is required'),
      z.maxLength(max, msg.max(max)),
      z.regex(SINGLE_LINE, msg.invalid),
    );

/** Spec 5 "Register": names required, e-mail valid, password rules of the set-password form. */
export const RegisterRequestSchema = z
  .strictObject({
    title: z.nullish(TitleSchema),
    firstName: requiredText(),
    lastName: requiredText(),
    email: EmailSchema,
    employeeId: z.nullish(z.string().check(z.trim(), z.maxLength(50), z.regex(SINGLE_LINE, msg.invalid))),
    password: PasswordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'Confirm Password is required')),
    /** The interface language the person registers in; the new account keeps it (mails included). */
    language: z.optional(LanguageSchema),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] }),
  );
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * Registration always answers the same way for a valid code: the account (new or existing) is told by
 * e-mail. So the answer never reveals whether an address has an account.
 */
export const RegisterResponseSchema = z.object({
  authenticated: z.literal(false),
  emailConfirmationRequired: z.literal(true),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const RegisterCodeParamsSchema = z.object({
  registerCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

/** Spec 5 "Register-code form". */
export const RegisterCodeFormSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'This field is required'), z.maxLength(64)),
});

/** Spec 5 "Password reset request". */
export const PasswordResetRequestFormSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), EmailSchema),
});
export const PasswordResetMailParamsSchema = z.object({ emailAddress: z.string().check(z.maxLength(254)) });

/** Spec 5 "Set-password form" (the spec's message for an empty password is literally 'Email is required'). */
export const SetPasswordFormSchema = z
  .object({
    password: z.pipe(z.string().check(z.minLength(1, 'Email is required')), PasswordSchema),
    confirmPassword: z.string().check(z.minLength(1, 'Confirm Password is required')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] }),
  );

/** `PUT /v1/confirm/password/reset`: reset, invite and welcome codes all set a password here. */
export const PasswordResetRequestSchema = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  password: PasswordSchema,
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * Answer of setting a password with a mailed code (spec 7: stored as authData). An admin without a
 * second factor also gets `mfaEnrollmentRequired` and `mfaEnrolmentCode`: the link proved the mailbox,
 * so the enrolment follows at once without another mail (ADR 0025).
 */
export const PasswordSetResponseSchema = z.union([
  z.extend(AuthDataSchema, {
    authenticated: z.literal(true),
    mfaEnrollmentRequired: z.optional(z.boolean()),
    mfaEnrolmentCode: z.optional(z.string()),
  }),
  z.object({ authenticated: z.literal(false) }),
]);
export type PasswordSetResponse = z.infer<typeof PasswordSetResponseSchema>;

export const CodeParamsSchema = z.object({ code: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)) });

/** Neutral acknowledgement where the answer must not reveal anything (reset request, e-mail change). */
export const AcceptedResponseSchema = z.object({ accepted: z.literal(true) });

/**
 * Step-up: changes that would hand the account to someone else (e-mail address, second factor,
 * deletion) need the current password, so a stolen session alone cannot take the account.
 */
export const StepUpPasswordSchema = z
  .string({ error: 'Password is required' })
  .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH));

/** `PUT /v1/user/email/{emailAddress}`: the current password confirms the change. */
export const EmailChangeRequestSchema = z.strictObject({ password: StepUpPasswordSchema });
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

/** Tenant admin invites an employee by e-mail. */
export const InviteRequestSchema = z.strictObject({
  email: EmailSchema,
  firstName: requiredText(),
  lastName: requiredText(),
  title: z.nullish(TitleSchema),
  employeeId: z.nullish(z.string().check(z.trim(), z.maxLength(50), z.regex(SINGLE_LINE, msg.invalid))),
});
export type InviteRequest = z.infer<typeof InviteRequestSchema>;
