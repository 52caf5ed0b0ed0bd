CREATE TABLE "lease_returns" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"returned_on" text NOT NULL,
	"odometer_km" integer NOT NULL,
	"settlement" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"document_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_return_damages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"cost_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_return_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"webp" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "return_appointments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"place" text NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_case_id" text,
	"link" text,
	"status" text NOT NULL,
	"reason" text,
	"checked_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_checks_provider_case_id_unique" UNIQUE("provider_case_id")
);
--> statement-breakpoint
CREATE TABLE "lease_reminders" (
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"for_date" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_reminders_order_id_kind_for_date_pk" PRIMARY KEY("order_id","kind","for_date")
);
--> statement-breakpoint
ALTER TABLE "lease_returns" ADD CONSTRAINT "lease_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_return_damages" ADD CONSTRAINT "lease_return_damages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_return_photos" ADD CONSTRAINT "lease_return_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_appointments" ADD CONSTRAINT "return_appointments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_checks" ADD CONSTRAINT "licence_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_reminders" ADD CONSTRAINT "lease_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_return_damages_order_idx" ON "lease_return_damages" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "lease_return_photos_order_idx" ON "lease_return_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "licence_checks_order_idx" ON "licence_checks" USING btree ("order_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON lease_returns, lease_return_damages, lease_return_photos,
  return_appointments, licence_checks, lease_reminders TO leasing_app;--> statement-breakpoint
-- Each row belongs to an order: whoever may see the order (its policy reads the signed scope once per
-- statement) sees the row, and a row can only be written for such an order.
ALTER TABLE lease_returns ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lease_returns FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY lease_returns_scope ON lease_returns
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));--> statement-breakpoint
ALTER TABLE lease_return_damages ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lease_return_damages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY lease_return_damages_scope ON lease_return_damages
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));--> statement-breakpoint
ALTER TABLE lease_return_photos ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lease_return_photos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY lease_return_photos_scope ON lease_return_photos
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));--> statement-breakpoint
ALTER TABLE return_appointments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE return_appointments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY return_appointments_scope ON return_appointments
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));--> statement-breakpoint
-- A licence check is the person's own, their employer's (HR) and the platform's; the order's policy
-- already narrows it to those.
ALTER TABLE licence_checks ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE licence_checks FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY licence_checks_scope ON licence_checks
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id));--> statement-breakpoint
-- Reminders are the platform's bookkeeping alone.
ALTER TABLE lease_reminders ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lease_reminders FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY lease_reminders_scope ON lease_reminders
  USING ((SELECT s.role = 'SYSTEM' FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' FROM app_scope() s));
