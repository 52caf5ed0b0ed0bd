CREATE TABLE "price_list_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"csv" text NOT NULL,
	"preview" jsonb NOT NULL,
	"error_count" integer NOT NULL,
	"base_catalog_version" bigint NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "price_list_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"import_id" uuid,
	"rolled_back_version_id" integer,
	"file_name" text NOT NULL,
	"csv" text NOT NULL,
	"previous_csv" text NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"withdrawn" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
CREATE TABLE "register_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "register_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vehicle_photo_variants" (
	"photo_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "vehicle_photo_variants_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width")
);
--> statement-breakpoint
CREATE TABLE "vehicle_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window_to" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "street_number" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_import_id_price_list_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."price_list_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_codes" ADD CONSTRAINT "register_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_photo_variants" ADD CONSTRAINT "vehicle_photo_variants_photo_id_vehicle_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."vehicle_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_photos" ADD CONSTRAINT "vehicle_photos_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_codes_tenant_idx" ON "register_codes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "vehicle_photos_vehicle_idx" ON "vehicle_photos" USING btree ("vehicle_id","position");--> statement-breakpoint
-- Every employer keeps the code it had (the demo's DEMO2026 included): it becomes its first register code.
INSERT INTO "register_codes" ("tenant_id", "code", "created_at")
  SELECT "id", "register_code", "created_at" FROM "tenants";--> statement-breakpoint
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_register_code_unique";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "register_code";--> statement-breakpoint
-- A new or reordered photo changes what the catalogue serves: the in-memory catalogue reloads.
CREATE TRIGGER vehicle_photos_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE ON vehicle_photos
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
-- No personal data in the new tables (user ids only as the actor): no row-level security. The
-- default privileges of 0009 grant them to the application role already; said again to be explicit.
GRANT SELECT, INSERT, UPDATE, DELETE ON register_codes, price_list_imports, price_list_versions,
  vehicle_photos, vehicle_photo_variants TO leasing_app;--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE price_list_versions_id_seq TO leasing_app;