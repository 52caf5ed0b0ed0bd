-- Written by `npm run db:derived-checks` from the contract's lists (src/db/derived-checks.ts).
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_status_check";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" IN ('CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN', 'TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM', 'LEASING_ACTIVE', 'DECLINED_BY_TENANT', 'DECLINED_BY_ADMIN', 'EXPIRED', 'BREAKING_CHANGE', 'LEASE_ENDED', 'CONVERSION_ENDED', 'CANCELLED_BY_EMPLOYEE'));
--> statement-breakpoint
ALTER TABLE "step_definitions" DROP CONSTRAINT IF EXISTS "step_definitions_step_type_check";
--> statement-breakpoint
ALTER TABLE "step_definitions" ADD CONSTRAINT "step_definitions_step_type_check" CHECK ("step_type" IN ('CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN', 'TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM', 'LEASING_ACTIVE', 'DECLINED_BY_TENANT', 'DECLINED_BY_ADMIN', 'EXPIRED', 'BREAKING_CHANGE', 'LEASE_ENDED', 'CONVERSION_ENDED', 'CANCELLED_BY_EMPLOYEE'));
