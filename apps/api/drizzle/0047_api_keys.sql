-- API keys of an employer's own systems (ADR 0057): the secret stored as its SHA-256 only, found by
-- its prefix, revoked at once for every instance (each request reads the row).
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" uuid NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_idx" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON api_keys TO leasing_app;--> statement-breakpoint
ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE api_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- HR manages its employer's keys; the platform (the sign-in of a key) reads them all.
CREATE POLICY api_keys_scope ON api_keys
  USING ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND api_keys.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND api_keys.tenant_id = s.tenant_id) FROM app_scope() s));
