-- The order lists' search by person (the pipeline, the admins' orders; ADR 0046). A search found the
-- people first and then looked up each one's orders: "müller" is 1,652 of 60,000 people, with 539
-- orders among them (most people never lease), so the count and the page each probed the orders'
-- index 1,652 times (3–5 ms each at the provider's size). Each order now carries its person's search
-- keys, the same lower-cased keys the people have (migrations 0028, 0030), kept by the database
-- itself, and a search is a range over the orders' own indexes.
ALTER TABLE "orders" ADD COLUMN "person_name_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "person_name_key_reversed" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "person_email_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "person_employee_id_key" text COLLATE "C";--> statement-breakpoint
UPDATE orders o
   SET person_name_key = u.name_key, person_name_key_reversed = u.name_key_reversed,
       person_email_key = u.email, person_employee_id_key = u.employee_id_key
  FROM users u
 WHERE u.id = o.user_id;
--> statement-breakpoint
-- A new order takes its person's keys. Whoever may place an order for a person may see the person
-- (the users policy), so this runs with the rights of whoever inserts.
CREATE FUNCTION order_person_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.name_key, u.name_key_reversed, u.email, u.employee_id_key
    INTO NEW.person_name_key, NEW.person_name_key_reversed, NEW.person_email_key, NEW.person_employee_id_key
    FROM users u
   WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_person_keys BEFORE INSERT OR UPDATE OF user_id ON orders
  FOR EACH ROW EXECUTE FUNCTION order_person_keys();
--> statement-breakpoint
-- A person's new name, address or personnel number reaches their orders, however it is changed (the
-- profile, an address change confirmed by a link, HR, an erasure, an operator's SQL). Not everyone
-- who may change a person may see the person's orders (an address change is confirmed without
-- signing in), and the copy must never fall behind (an erased name must leave the orders too), so the
-- copy is made as the platform, for this one statement; it writes nothing but the changed person's
-- own keys. The policies it meets name their functions without a schema (app_scope), so `public` is
-- on its search path (pg_catalog comes first anyway, pg_temp last, as for any definer's function).
CREATE FUNCTION person_keys_to_orders() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp AS $$
DECLARE
  asker text := current_setting('app.role', true);
BEGIN
  PERFORM set_config('app.role', 'SYSTEM', true);
  UPDATE orders
     SET person_name_key = NEW.name_key, person_name_key_reversed = NEW.name_key_reversed,
         person_email_key = NEW.email, person_employee_id_key = NEW.employee_id_key
   WHERE user_id = NEW.id;
  PERFORM set_config('app.role', coalesce(asker, ''), true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_person_keys_to_orders AFTER UPDATE OF first_name, last_name, email, employee_id ON users
  FOR EACH ROW
  WHEN (OLD.name_key IS DISTINCT FROM NEW.name_key OR OLD.name_key_reversed IS DISTINCT FROM NEW.name_key_reversed
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.employee_id_key IS DISTINCT FROM NEW.employee_id_key)
  EXECUTE FUNCTION person_keys_to_orders();
--> statement-breakpoint
CREATE INDEX "orders_person_name_key_idx" ON "orders" USING btree ("person_name_key");--> statement-breakpoint
CREATE INDEX "orders_person_name_key_reversed_idx" ON "orders" USING btree ("person_name_key_reversed");--> statement-breakpoint
CREATE INDEX "orders_person_email_key_idx" ON "orders" USING btree ("person_email_key");--> statement-breakpoint
CREATE INDEX "orders_person_employee_id_key_idx" ON "orders" USING btree ("person_employee_id_key");
