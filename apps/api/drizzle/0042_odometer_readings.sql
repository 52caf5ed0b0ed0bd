-- Mileage during a lease (ADR 0054): the odometer as the employee reports it. The forecast and the
-- projected settlement are computed from these readings and the frozen terms, never stored.
CREATE TABLE "odometer_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"reading_km" integer NOT NULL,
	"read_on" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "odometer_readings_km_check" CHECK ("reading_km" BETWEEN 0 AND 1000000)
);
--> statement-breakpoint
CREATE INDEX "odometer_readings_order_idx" ON "odometer_readings" USING btree ("order_id","read_on");--> statement-breakpoint
CREATE INDEX "odometer_readings_user_idx" ON "odometer_readings" USING btree ("user_id");--> statement-breakpoint
GRANT SELECT, INSERT ON odometer_readings TO leasing_app;--> statement-breakpoint
ALTER TABLE odometer_readings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE odometer_readings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- The person reports and reads their own; the employer's admins read their employer's, the provider
-- every reading (its forecasts).
CREATE POLICY odometer_readings_scope ON odometer_readings
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR odometer_readings.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND odometer_readings.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR odometer_readings.user_id = s.user_id FROM app_scope() s));
