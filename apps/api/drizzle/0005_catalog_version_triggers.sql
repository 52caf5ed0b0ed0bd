-- catalog_state changes whenever a vehicle or a lease package changes. The API keys its in-memory
-- catalogue and the cached personal rates by it, so a price change (from any instance) invalidates them.
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER vehicles_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER lease_packages_bump_catalog_version
  AFTER INSERT OR UPDATE OR DELETE ON lease_packages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
