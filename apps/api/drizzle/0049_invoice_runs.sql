-- The invoice runs' progress (ADR 0052): a run writes how far it has come here as it goes, so the
-- provider's screen can show it from any instance while the run's request is still working, and
-- the run's answer stays readable when that request's connection was lost on the way.
CREATE TABLE "invoice_runs" (
  "id" uuid PRIMARY KEY,
  "month" text NOT NULL,
  "status" text NOT NULL DEFAULT 'RUNNING',
  "employers_total" integer,
  "employers_done" integer NOT NULL DEFAULT 0,
  "created_count" integer NOT NULL DEFAULT 0,
  "skipped_count" integer NOT NULL DEFAULT 0,
  "answer" jsonb,
  "started_by" uuid,
  "started_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone,
  CONSTRAINT "invoice_runs_status_check" CHECK ("status" IN ('RUNNING', 'FINISHED', 'FAILED'))
);--> statement-breakpoint
CREATE INDEX "invoice_runs_started_idx" ON "invoice_runs" ("started_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_runs TO leasing_app;--> statement-breakpoint
ALTER TABLE invoice_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_runs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY invoice_runs_scope ON invoice_runs
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
