-- A countersigned contract whose long-term extension (DSS and document timestamp, ADR 0034) could not
-- be made at the approval (revocation service or TSA away) is kept as sealed (B-T) and marked here;
-- the job `signing.long-term-retry` extends it later with growing pauses (signing/long-term-retry.ts).
ALTER TABLE "order_documents" ADD COLUMN "long_term_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "long_term_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The job's batch: due documents, oldest first; the few open ones only.
CREATE INDEX "order_documents_long_term_due_idx" ON "order_documents" USING btree ("long_term_due_at") WHERE "order_documents"."long_term_due_at" is not null;
