-- A total loss or a theft ends the lease (ADR 0056): the day the provider decided the claim, without
-- a return of the car and without a kilometre settlement. The payroll's conversion runs to that month.
CREATE TABLE "lease_losses" (
	"order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"ended_on" text NOT NULL,
	"claim_number" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
GRANT SELECT, INSERT ON lease_losses TO leasing_app;--> statement-breakpoint
ALTER TABLE lease_losses ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE lease_losses FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Whoever may see the order sees how it ended (its policy reads the signed scope); the provider writes.
CREATE POLICY lease_losses_scope ON lease_losses
  USING (EXISTS (SELECT 1 FROM orders o WHERE o.id = order_id))
  WITH CHECK ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') FROM app_scope() s));
