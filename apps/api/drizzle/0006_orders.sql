CREATE TABLE "ident_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_case_id" text,
	"link" text,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ident_cases_provider_case_id_unique" UNIQUE("provider_case_id")
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"lease_package_id" uuid NOT NULL,
	"color" text NOT NULL,
	"delivery" text NOT NULL,
	"terms" jsonb NOT NULL,
	"private_key_id" text NOT NULL,
	"private_iv" "bytea" NOT NULL,
	"private_ciphertext" "bytea" NOT NULL,
	"profile_version" integer NOT NULL,
	"status" text NOT NULL,
	"current_user_step_id" uuid,
	"signed_at" timestamp with time zone,
	"decline_reason" text,
	"handover_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_callbacks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_definitions" (
	"id" integer PRIMARY KEY NOT NULL,
	"step_type" text NOT NULL,
	"step_name" text NOT NULL,
	"order_number" integer NOT NULL,
	"final" boolean NOT NULL,
	"success" boolean NOT NULL,
	"user_enabled" boolean NOT NULL,
	"user_visible" boolean NOT NULL,
	"admin_visible" boolean NOT NULL,
	"admin_enabled" boolean NOT NULL,
	"tenant_admin_visible" boolean NOT NULL,
	"tenant_admin_enabled" boolean NOT NULL,
	CONSTRAINT "step_definitions_step_type_unique" UNIQUE("step_type")
);
--> statement-breakpoint
CREATE TABLE "user_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"status" text,
	"actor_user_id" uuid,
	"modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ident_cases" ADD CONSTRAINT "ident_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_steps" ADD CONSTRAINT "user_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_steps" ADD CONSTRAINT "user_steps_step_id_step_definitions_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."step_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ident_cases_order_idx" ON "ident_cases" USING btree ("order_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ident_cases_one_open_idx" ON "ident_cases" USING btree ("order_id","step_id") WHERE status in ('STARTING', 'PENDING');--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_tenant_idx" ON "orders" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "user_steps_order_idx" ON "user_steps" USING btree ("order_id");