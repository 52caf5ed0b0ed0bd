-- SCIM 2.0 provisioning of an employer's people (ADR 0060): the directory's bearer tokens (the secret
-- stored as its SHA-256 only, found by its prefix, revoked at once for every instance: each request
-- reads the row) and what SCIM keeps of a person beyond the account (externalId, its own acts).
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" uuid NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_prefix_idx" ON "scim_tokens" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "scim_tokens_tenant_idx" ON "scim_tokens" USING btree ("tenant_id");--> statement-breakpoint
CREATE TABLE "scim_identities" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	"leaving_date" text,
	"leaving_told" boolean DEFAULT false NOT NULL,
	"welcome_pending" boolean DEFAULT false NOT NULL,
	"erasure_requested_at" timestamp with time zone
);
--> statement-breakpoint
-- One externalId per employer (NULLs are distinct): the directory's anchor names one person.
CREATE UNIQUE INDEX "scim_identities_external_id_idx" ON "scim_identities" USING btree ("tenant_id","external_id");--> statement-breakpoint
CREATE INDEX "scim_identities_erasure_idx" ON "scim_identities" USING btree ("erasure_requested_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON scim_tokens TO leasing_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON scim_identities TO leasing_app;--> statement-breakpoint
ALTER TABLE scim_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE scim_tokens FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE scim_identities ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE scim_identities FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- HR manages its employer's tokens; the platform (the sign-in of a token) reads them all.
CREATE POLICY scim_tokens_scope ON scim_tokens
  USING ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND scim_tokens.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND scim_tokens.tenant_id = s.tenant_id) FROM app_scope() s));
--> statement-breakpoint
-- A SCIM request acts as HR of the token's employer and sees that employer's rows; the platform (the
-- erasure job) sees all. The person sees their own row only, so their own erasure (privacy) removes
-- it; they can never write one.
CREATE POLICY scim_identities_scope ON scim_identities
  USING ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND scim_identities.tenant_id = s.tenant_id)
                 OR scim_identities.user_id = s.user_id FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND scim_identities.tenant_id = s.tenant_id) FROM app_scope() s));
