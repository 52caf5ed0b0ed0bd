import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './schema.js';

/**
 * The provider's back office: register codes of the employers, price-list imports and their published
 * versions (the vehicle photos are the catalogue's: schema-catalog.ts). None of these tables holds personal data (user ids only as the actor), so
 * they need no row-level security; the provider module checks the role on every endpoint.
 */

/**
 * An employer's register code. A code that is revoked, past `expiresAt` or used `maxUses` times is
 * refused exactly like an unknown one. `uses` counts accounts created with the code.
 * owner: tenants
 */
export const registerCodes = pgTable(
  'register_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull().unique(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('register_codes_tenant_idx').on(t.tenantId)],
);

/**
 * An uploaded price list and its preview. Nothing of it is live until it is published; an import
 * whose catalogue has changed since its preview cannot be published (`baseCatalogVersion`).
 * owner: provider
 */
export const priceListImports = pgTable('price_list_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  csv: text('csv').notNull(),
  /** The preview as the API returned it: added, changed, withdrawn, errors. */
  preview: jsonb('preview').notNull(),
  errorCount: integer('error_count').notNull(),
  baseCatalogVersion: bigint('base_catalog_version', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['PREVIEW', 'PUBLISHED'] })
    .notNull()
    .default('PREVIEW'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
});

/**
 * A published price list: who, when, what it changed, the file, and the price list as it was before
 * (the export at that moment), which a rollback restores.
 * owner: provider
 */
export const priceListVersions = pgTable('price_list_versions', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['PUBLISH', 'ROLLBACK'] }).notNull(),
  importId: uuid('import_id').references(() => priceListImports.id),
  /** For a rollback: the version whose state before publishing was restored. */
  rolledBackVersionId: integer('rolled_back_version_id'),
  fileName: text('file_name').notNull(),
  csv: text('csv').notNull(),
  previousCsv: text('previous_csv').notNull(),
  added: integer('added').notNull(),
  changed: integer('changed').notNull(),
  withdrawn: integer('withdrawn').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  publishedBy: uuid('published_by'),
});
