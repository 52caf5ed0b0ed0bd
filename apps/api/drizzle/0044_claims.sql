-- Damage, accident and theft reports during a lease (ADR 0056): the employee reports with photos,
-- the provider works the claim and decides the excess once; the excess reaches the employer's payroll
-- export of `excess_month` as the person's net deduction.
CREATE SEQUENCE "claim_number_seq";--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"status" text DEFAULT 'REPORTED' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"description" text NOT NULL,
	"third_party_involved" boolean NOT NULL,
	"police_report_number" text,
	"drivable" boolean NOT NULL,
	"excess_cents" integer,
	"excess_month" text,
	"person_name" text NOT NULL,
	"person_name_key" text NOT NULL,
	"tenant_name" text NOT NULL,
	"car" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_kind_check" CHECK ("kind" IN ('DAMAGE', 'ACCIDENT', 'THEFT', 'GLASS', 'VANDALISM')),
	CONSTRAINT "claims_status_check" CHECK ("status" IN ('REPORTED', 'IN_REVIEW', 'REPAIR_SCHEDULED', 'REPAIRED', 'TOTAL_LOSS', 'REJECTED')),
	CONSTRAINT "claims_excess_check" CHECK (("excess_cents" IS NULL) = ("excess_month" IS NULL) AND ("excess_cents" IS NULL OR "excess_cents" BETWEEN 0 AND 50000))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "claims_number_idx" ON "claims" USING btree ("number");--> statement-breakpoint
CREATE INDEX "claims_order_idx" ON "claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "claims_queue_idx" ON "claims" USING btree ("status", "reported_at");--> statement-breakpoint
CREATE INDEX "claims_excess_idx" ON "claims" USING btree ("tenant_id", "excess_month");--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL REFERENCES "claims"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"webp" bytea NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "claim_photos_position_idx" ON "claim_photos" USING btree ("claim_id", "position");--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL REFERENCES "claims"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"seq" serial NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id", "seq");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON claims, claim_photos, claim_events TO leasing_app;--> statement-breakpoint
GRANT USAGE ON SEQUENCE claim_number_seq, claim_events_seq_seq TO leasing_app;--> statement-breakpoint
ALTER TABLE claims ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE claims FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE claim_photos ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE claim_photos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE claim_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE claim_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The employee reports (their own rows only); HR reads its employer's; the provider reads and works all.
CREATE POLICY claims_scope ON claims
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR claims.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND claims.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR claims.user_id = s.user_id FROM app_scope() s));--> statement-breakpoint
-- Photos and the report's story: the person and the provider only (HR sees number, state and excess).
CREATE POLICY claim_photos_scope ON claim_photos
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR claim_photos.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR claim_photos.user_id = s.user_id FROM app_scope() s));--> statement-breakpoint
CREATE POLICY claim_events_scope ON claim_events
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR claim_events.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND claim_events.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR claim_events.user_id = s.user_id FROM app_scope() s));
