import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { tenants, users } from './schema.js';

/**
 * SCIM 2.0 provisioning of an employer's people (migration 0054, ADR 0060). Row-level security in the
 * migration: HR manages its employer's tokens, the platform's sign-in of a token reads them all, and a
 * SCIM request then works in the token's employer's scope.
 */

/** A SCIM bearer token of an employer's directory: the secret's SHA-256 only, found by its prefix. (owner: scim) */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The HR admin who made it: the audit's actor and the row-level scope of its requests. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_prefix_idx').on(t.prefix), index('scim_tokens_tenant_idx').on(t.tenantId)],
);

/**
 * What SCIM knows of a person beyond the account: the directory's `externalId`, when SCIM last changed
 * them, and the state of SCIM's own acts (a deactivation with the leaving it recorded, a welcome mail
 * held back, an erasure waiting for a lease to end). A person HR invited has no row until the
 * directory first touches them. (owner: scim)
 */
export const scimIdentities = pgTable(
  'scim_identities',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** meta.lastModified: the last change SCIM made (changes made elsewhere show in meta.version). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** `active: false` arrived: sign-in ended by SCIM. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The leaving day SCIM recorded with that deactivation (null: none, e.g. HR had recorded one already). */
    leavingDate: text('leaving_date'),
    /** Whether that leaving was passed on (the provider, the quote): then `active: true` cannot take it back. */
    leavingTold: boolean('leaving_told').notNull().default(false),
    /** Created with `active: false`: the welcome mail goes out when the person is first activated. */
    welcomePending: boolean('welcome_pending').notNull().default(false),
    /** `DELETE` while a lease was under way: erased by the job `scim.pending-erasures` once none is. */
    erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scim_identities_external_id_idx').on(t.tenantId, t.externalId),
    index('scim_identities_erasure_idx').on(t.erasureRequestedAt),
  ],
);
