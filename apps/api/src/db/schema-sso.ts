import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { bytea, tenants, users } from './schema.js';

/**
 * Sign-in with the company account (migration 0055, ADR 0061). Row-level security in the migration:
 * HR reads and writes its employer's configuration, the sign-in flows read every configuration and
 * keep the logins' states and codes, which nobody signed in sees.
 */

/**
 * An employer's identity provider: the issuer as its discovery document names it, the client's id and
 * its secret (AES-256-GCM, lib/field-encryption.ts, bound to the employer). (owner: sso)
 */
export const tenantSso = pgTable('tenant_sso', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretKeyId: text('client_secret_key_id').notNull(),
  clientSecretIv: bytea('client_secret_iv').notNull(),
  clientSecretCiphertext: bytea('client_secret_ciphertext').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  /** With `enabled`: the employees may not sign in with a password (HR may). */
  requireSso: boolean('require_sso').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The e-mail domains an employer's sign-in answers for: a domain belongs to one employer only. (owner: sso) */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenantSso.tenantId, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_tenant_idx').on(t.tenantId)],
);

/**
 * A person at an identity provider (`iss` and `sub`, OIDC Core §5.7: the only stable pair) linked to
 * an account, so a later change of the address at the provider still finds it. (owner: sso)
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_identities_issuer_subject_idx').on(t.issuer, t.subject),
    // One person of an issuer per account: another `sub` with the account's address is refused.
    uniqueIndex('sso_identities_user_issuer_idx').on(t.userId, t.issuer),
  ],
);

/**
 * A sign-in on its way through the identity provider (about ten minutes): `state`, `nonce`, the PKCE
 * verifier (encrypted) and the browser it was started in (the SHA-256 of its cookie). (owner: sso)
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The issuer the sign-in was sent to: an answer for another configuration is refused. */
    issuer: text('issuer').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    verifierKeyId: text('verifier_key_id').notNull(),
    verifierIv: bytea('verifier_iv').notNull(),
    verifierCiphertext: bytea('verifier_ciphertext').notNull(),
    browserHash: text('browser_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sso_login_states_state_idx').on(t.state), index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code the callback hands the web app for `POST /v1/auth/sso/exchange`: its SHA-256, the
 * person, the browser, and whether the identity provider asserted a second factor. (owner: sso)
 */
export const ssoExchangeCodes = pgTable(
  'sso_exchange_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    mfaAsserted: boolean('mfa_asserted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_exchange_codes_code_idx').on(t.codeHash),
    index('sso_exchange_codes_expires_idx').on(t.expiresAt),
  ],
);
