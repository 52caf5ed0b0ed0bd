CREATE TABLE "billing_profile" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profile_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tenant_billing" (
	"tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"billing" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_number_counters_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL UNIQUE,
	"type" text NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"month" text NOT NULL,
	"issue_date" text NOT NULL,
	"due_date" text NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"format" text NOT NULL,
	"credit_note_of" uuid REFERENCES "invoices"("id"),
	"reason" text,
	"parties" jsonb NOT NULL,
	"xml" bytea NOT NULL,
	"xml_sha256" text NOT NULL,
	"pdf" bytea NOT NULL,
	"pdf_sha256" text NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_type_check" CHECK ("type" IN ('INVOICE', 'CREDIT_NOTE')),
	CONSTRAINT "invoices_credit_note_check" CHECK (("type" = 'CREDIT_NOTE') = ("credit_note_of" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "invoices_month_idx" ON "invoices" USING btree ("month","tenant_id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_idx" ON "invoices" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_of_unique" ON "invoices" USING btree ("credit_note_of");--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
	"position" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity_milli" integer NOT NULL,
	"unit_code" text NOT NULL,
	"net_cents" integer NOT NULL,
	"period_start" text,
	"period_end" text,
	CONSTRAINT "invoice_lines_pk" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_lines_kind_check" CHECK ("kind" IN ('RATE', 'SETTLEMENT', 'TERMINATION_FEE'))
);
--> statement-breakpoint
CREATE INDEX "invoice_lines_order_idx" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE TABLE "invoice_mailings" (
	"invoice_id" uuid PRIMARY KEY NOT NULL REFERENCES "invoices"("id"),
	"sent_to" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Documents of record (GoBD: unchangeable once issued): no role, not even the tables' owner through
-- the application, updates or deletes an invoice or its lines; a correction is a credit note.
CREATE FUNCTION invoices_are_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice never changes' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_unchangeable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_are_records();--> statement-breakpoint
CREATE TRIGGER invoice_lines_unchangeable BEFORE UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoices_are_records();--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON billing_profile, tenant_billing, invoice_number_counters TO leasing_app;--> statement-breakpoint
GRANT SELECT, INSERT ON invoices, invoice_lines, invoice_mailings TO leasing_app;--> statement-breakpoint
-- The seller's data and the numbers are the provider's and the platform's.
ALTER TABLE billing_profile ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE billing_profile FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY billing_profile_scope ON billing_profile
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));--> statement-breakpoint
ALTER TABLE invoice_number_counters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_number_counters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY invoice_number_counters_scope ON invoice_number_counters
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));--> statement-breakpoint
-- An employer's billing data and invoices: the provider writes them, the employer's HR reads its own.
ALTER TABLE tenant_billing ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tenant_billing FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_billing_scope ON tenant_billing
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
    OR (s.role = 'TENANT_ADMIN' AND tenant_billing.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY invoices_scope ON invoices
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN')
    OR (s.role = 'TENANT_ADMIN' AND invoices.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));--> statement-breakpoint
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_lines FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY invoice_lines_scope ON invoice_lines
  USING (EXISTS (SELECT 1 FROM invoices i WHERE i.id = invoice_id))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));--> statement-breakpoint
ALTER TABLE invoice_mailings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE invoice_mailings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY invoice_mailings_scope ON invoice_mailings
  USING (EXISTS (SELECT 1 FROM invoices i WHERE i.id = invoice_id))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
