import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { bytea } from './schema.js';

/**
 * Cases of the local identity/signature provider simulator (development and demo only). They live
 * in the database, not in one process, so a case opened through one instance is served, completed and
 * read back through any other, as the real provider's cases would be.
 * owner: ident
 */
export const simulatorCases = pgTable('simulator_cases', {
  caseId: text('case_id').primaryKey(),
  kind: text('kind', { enum: ['IDENT', 'SIGN', 'LICENCE_CHECK'] }).notNull(),
  reference: text('reference').notNull(),
  callbackUrl: text('callback_url').notNull(),
  returnUrl: text('return_url').notNull(),
  documentName: text('document_name'),
  documentPdf: bytea('document_pdf'),
  signerName: text('signer_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  outcome: text('outcome', { enum: ['success', 'failure', 'cancel'] }),
  outcomeAt: timestamp('outcome_at', { withTimezone: true }),
  status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  failureReason: text('failure_reason'),
  signedDocument: bytea('signed_document'),
});
