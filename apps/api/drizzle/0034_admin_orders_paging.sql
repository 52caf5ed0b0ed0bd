-- The admins' order list, view "open" (ADR 0042): the orders whose step waits for someone, newest
-- first. The provider's open steps (ADMIN_CONFIRM, LEASING_ACTIVE before the handover) are a few among
-- every running lease; without this the page read all leases of those statuses and sorted them.
CREATE INDEX "orders_open_step_idx" ON "orders" USING btree ("status","id" DESC) WHERE "orders"."current_user_step_id" is not null;
