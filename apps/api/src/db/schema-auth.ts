import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './schema.js';

/**
 * The sign-in's secrets (split from schema.ts): second-factor recovery codes and login challenges,
 * refresh tokens and the one-time codes sent by e-mail. Each is stored only as its SHA-256.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One-time recovery codes for a user's second factor; only their SHA-256 is stored. (owner: mfa) */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second half of a login with a second factor: the password check issues an `mfaToken` (short
 * lived, single use, attempts counted); only its SHA-256 is stored.
 * owner: auth
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);

/**
 * Opaque refresh tokens, stored only as SHA-256. Tokens of one login form a family; rotation marks
 * the old token used and links its successor, so reuse of a used token revokes the family.
 * owner: auth
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Absolute end of the family's session, copied to every successor. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedById: uuid('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    // The open families only: the per-request "is this session still open" probe (decision 0026).
    index('refresh_tokens_open_family_idx')
      .on(t.familyId)
      .where(sql`${t.revokedAt} is null`),
    // Sessions past their end, for the retention job (migration 0029).
    index('refresh_tokens_family_expires_idx').on(t.familyExpiresAt),
  ],
);

/**
 * One-time codes sent by e-mail (confirm address, reset password, invite, welcome, change address,
 * the mailbox proof for enrolling a second factor). Only the SHA-256 of a code is stored; a code is
 * single use and expires.
 * owner: auth
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['EMAIL_CONFIRM', 'PASSWORD_RESET', 'INVITE', 'WELCOME', 'EMAIL_CHANGE', 'MFA_ENROL'],
    }).notNull(),
    codeHash: text('code_hash').notNull().unique(),
    /** For EMAIL_CHANGE: the address that replaces the current one once confirmed. */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose),
    // Spent codes, for the retention job (migration 0029).
    index('one_time_codes_expires_idx').on(t.expiresAt),
    index('one_time_codes_used_idx')
      .on(t.usedAt)
      .where(sql`${t.usedAt} is not null`),
  ],
);
