-- A signature through the remote-signing service (CSC) is two requests apart: the prepared contract
-- (signature field, zero-filled /Contents) and the signed attributes whose hash the signer authorizes
-- are kept with the signature case until the signer comes back, so any instance completes it.
ALTER TABLE "ident_cases" ADD COLUMN "prepared_pdf" bytea;--> statement-breakpoint
ALTER TABLE "ident_cases" ADD COLUMN "signing_context" jsonb;
