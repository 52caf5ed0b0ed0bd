-- The optional photo of the odometer with a reading (ADR 0054): one per reading, re-encoded as WebP
-- without metadata as the damage photos are, deleted with its reading (and so with the order).
CREATE TABLE "odometer_photos" (
	"reading_id" uuid PRIMARY KEY NOT NULL REFERENCES "odometer_readings"("id") ON DELETE cascade,
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"webp" bytea NOT NULL
);
--> statement-breakpoint
CREATE INDEX "odometer_photos_user_idx" ON "odometer_photos" USING btree ("user_id");--> statement-breakpoint
GRANT SELECT, INSERT ON odometer_photos TO leasing_app;--> statement-breakpoint
ALTER TABLE odometer_photos ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE odometer_photos FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- As the readings (0042): the person adds and reads their own; the employer's admins read their
-- employer's, the provider every photo.
CREATE POLICY odometer_photos_scope ON odometer_photos
  USING ((SELECT s.role IN ('SYSTEM', 'PROVIDER_ADMIN') OR odometer_photos.user_id = s.user_id
                 OR (s.role = 'TENANT_ADMIN' AND odometer_photos.tenant_id = s.tenant_id)
            FROM app_scope() s))
  WITH CHECK ((SELECT s.role = 'SYSTEM' OR odometer_photos.user_id = s.user_id FROM app_scope() s));
