-- Signed webhooks of an employer (ADR 0059): endpoints with their encrypted signing secret, the
-- outbox of deliveries (one row per event and endpoint, written with the change that caused it) and
-- each delivery's tries.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret_key_id" text NOT NULL,
	"secret_iv" bytea NOT NULL,
	"secret_ciphertext" bytea NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"failing_since" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"series_started_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_tenant_idx" ON "webhook_endpoints" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_idx" ON "webhook_deliveries" USING btree ("endpoint_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once_idx" ON "webhook_deliveries" USING btree ("endpoint_id","event_type","dedupe_key") WHERE "webhook_deliveries"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints, webhook_deliveries, webhook_attempts TO leasing_app;--> statement-breakpoint
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_endpoints FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_deliveries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_attempts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE webhook_attempts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- HR manages its employer's endpoints; the platform (the delivery worker, the jobs) reads them all.
CREATE POLICY webhook_endpoints_scope ON webhook_endpoints
  USING ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND webhook_endpoints.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND webhook_endpoints.tenant_id = s.tenant_id) FROM app_scope() s));
--> statement-breakpoint
-- HR reads its employer's deliveries and sends one again; the platform works them all.
CREATE POLICY webhook_deliveries_scope ON webhook_deliveries
  USING ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND webhook_deliveries.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND webhook_deliveries.tenant_id = s.tenant_id) FROM app_scope() s));
--> statement-breakpoint
-- Whoever causes an event adds its deliveries in the same transaction: a person of the employer (an
-- employee's cancellation, HR's approval) for that employer only; the provider and the platform for any.
-- Only added, never read back: the rows stay the employer's and the platform's.
CREATE POLICY webhook_deliveries_enqueue ON webhook_deliveries FOR INSERT
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR webhook_deliveries.tenant_id = s.tenant_id FROM app_scope() s));
--> statement-breakpoint
-- HR reads the tries of its employer's deliveries; only the platform's worker writes them.
CREATE POLICY webhook_attempts_scope ON webhook_attempts
  USING ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND webhook_attempts.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' FROM app_scope() s));
--> statement-breakpoint
-- Which of an employer's endpoints take an event, for whoever causes it: an employee cancelling an order
-- must not read HR's endpoints (their URLs), yet its transaction adds their deliveries. The function
-- answers the ids alone, only to a signed scope of that employer (or the provider or the platform),
-- and reads them as the platform for this one statement, as 0038's person_keys_to_orders writes.
-- DISABLED endpoints take nothing; FAILING ones collect what happens until HR takes them back.
CREATE FUNCTION webhook_subscribers(event_tenant uuid, event_type text) RETURNS SETOF uuid
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  asker record;
  asked_role text := current_setting('app.role', true);
BEGIN
  SELECT * INTO asker FROM app_verified_scope(false);
  IF asker.role IS NULL OR NOT (asker.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR asker.tenant_id = event_tenant) THEN
    RETURN;
  END IF;
  PERFORM set_config('app.role', 'SYSTEM', true);
  RETURN QUERY SELECT e.id FROM webhook_endpoints e
    WHERE e.tenant_id = event_tenant AND event_type = ANY (e.events) AND e.status <> 'DISABLED'
    ORDER BY e.created_at, e.id;
  PERFORM set_config('app.role', coalesce(asked_role, ''), true);
END
$$;
