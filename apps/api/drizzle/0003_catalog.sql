CREATE TABLE "car_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"duration_months" integer NOT NULL,
	"km_per_year" integer NOT NULL,
	"tires" text NOT NULL,
	"total_monthly_gross_cost_cents" bigint NOT NULL,
	"gross_comparison_cost_cents" bigint NOT NULL,
	"maintenance_and_servicing_included" boolean NOT NULL,
	"vehicle_insurance_included" boolean NOT NULL,
	"tire_package_included" boolean NOT NULL,
	"tire_change_included" boolean NOT NULL,
	"rate_insurance_included" boolean NOT NULL,
	"costs_more_kilometers" numeric(8, 4) NOT NULL,
	"reimbursement_less_kilometers" numeric(8, 4) NOT NULL,
	"excess_mileage_allowance" integer NOT NULL,
	"exemption_limit_less_kilometers" integer NOT NULL,
	"cap_fewer_kilometers" integer NOT NULL,
	"cap_extra_kilometers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "manufacturers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"trim_level" text,
	"segment" text NOT NULL,
	"drive_type" text DEFAULT 'BEV' NOT NULL,
	"maximum_power_kw" integer NOT NULL,
	"range_km" integer NOT NULL,
	"consumption_kwh_100km" numeric(5, 1),
	"battery_kwh" numeric(6, 1) NOT NULL,
	"list_price_gross_cents" bigint NOT NULL,
	"delivery_from_weeks" integer,
	"delivery_to_weeks" integer,
	"colors" text[] NOT NULL,
	"delivery_options" text[] NOT NULL,
	"technical_details" text,
	"standard_equipment" text,
	"special_equipment" text,
	"approximate" boolean DEFAULT true NOT NULL,
	"price_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_models" ADD CONSTRAINT "car_models_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_packages" ADD CONSTRAINT "lease_packages_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_model_id_car_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "car_models_manufacturer_name_idx" ON "car_models" USING btree ("manufacturer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_packages_terms_idx" ON "lease_packages" USING btree ("vehicle_id","duration_months","km_per_year","tires");--> statement-breakpoint
CREATE INDEX "vehicles_model_idx" ON "vehicles" USING btree ("model_id");