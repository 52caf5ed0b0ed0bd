-- An invoice too large for a mail (more than 10 MB of XML and PDF) is issued all the same; its mail
-- then carries no files and points to the employer's portal. Recorded per mailing, since the limit
-- is a setting of today and the record must say what happened then.
ALTER TABLE "invoice_mailings" ADD COLUMN "attached" boolean DEFAULT true NOT NULL;
