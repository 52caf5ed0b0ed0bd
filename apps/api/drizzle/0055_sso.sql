-- Sign-in with the company account (OpenID Connect, ADR 0061): an employer's identity provider, the
-- e-mail domains it answers for (one employer per domain), the people linked by issuer and subject,
-- and the short-lived states and one-time codes of the sign-ins on their way (in the database, so
-- that every instance behind the balancer completes a sign-in another one started).
CREATE TABLE "tenant_sso" (
	"tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_key_id" text NOT NULL,
	"client_secret_iv" bytea NOT NULL,
	"client_secret_ciphertext" bytea NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenant_sso"("tenant_id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "sso_domains_tenant_idx" ON "sso_domains" USING btree ("tenant_id");--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_issuer_subject_idx" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_user_issuer_idx" ON "sso_identities" USING btree ("user_id","issuer");--> statement-breakpoint
CREATE TABLE "sso_login_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"verifier_key_id" text NOT NULL,
	"verifier_iv" bytea NOT NULL,
	"verifier_ciphertext" bytea NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_login_states_state_idx" ON "sso_login_states" USING btree ("state");--> statement-breakpoint
CREATE INDEX "sso_login_states_expires_idx" ON "sso_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "sso_exchange_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"mfa_asserted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_exchange_codes_code_idx" ON "sso_exchange_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sso_exchange_codes_expires_idx" ON "sso_exchange_codes" USING btree ("expires_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tenant_sso, sso_domains, sso_identities, sso_login_states, sso_exchange_codes TO leasing_app;--> statement-breakpoint
ALTER TABLE tenant_sso ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tenant_sso FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_domains ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_domains FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_identities ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_identities FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_login_states ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_login_states FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_exchange_codes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_exchange_codes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- HR reads and writes its employer's configuration and domains; the sign-in flows (start, callback, the
-- password step asking whether SSO is required) read every employer's; the platform everything.
CREATE POLICY tenant_sso_scope ON tenant_sso
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR (s.role = 'TENANT_ADMIN' AND tenant_sso.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND tenant_sso.tenant_id = s.tenant_id) FROM app_scope() s));
--> statement-breakpoint
CREATE POLICY sso_domains_scope ON sso_domains
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR (s.role = 'TENANT_ADMIN' AND sso_domains.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR (s.role = 'TENANT_ADMIN' AND sso_domains.tenant_id = s.tenant_id) FROM app_scope() s));
--> statement-breakpoint
-- The links are made by the sign-in flows; a person sees their own, HR its employer's.
CREATE POLICY sso_identities_scope ON sso_identities
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') OR sso_identities.user_id = s.user_id
          OR (s.role = 'TENANT_ADMIN' AND sso_identities.tenant_id = s.tenant_id) FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') FROM app_scope() s));
--> statement-breakpoint
-- The states and codes of sign-ins on their way: the sign-in flows and the platform's tidying only.
CREATE POLICY sso_login_states_scope ON sso_login_states
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') FROM app_scope() s));
--> statement-breakpoint
CREATE POLICY sso_exchange_codes_scope ON sso_exchange_codes
  USING ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') FROM app_scope() s))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'SIGN_IN') FROM app_scope() s));
--> statement-breakpoint
-- An erased account (GDPR Art. 17, modules/privacy) loses its links: the provider's subject is personal
-- data, and the person may sign in afresh later. Runs with the rights of whoever erases (the person
-- themselves, or the platform), which the policy above lets see the links.
CREATE FUNCTION drop_sso_identities_of_erased_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sso_identities WHERE user_id = NEW.id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_erased_drop_sso_identities
  AFTER UPDATE OF deleted_at ON users
  FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION drop_sso_identities_of_erased_user();
