-- A damage at the return may name the damage report it belongs to (ADR 0056): only a rejected
-- claim's damage is charged at the return, so a repair the insurance covered is never charged twice.
ALTER TABLE "lease_return_damages" ADD COLUMN "claim_number" text;
