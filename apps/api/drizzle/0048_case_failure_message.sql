-- Why a signature at the trust service was not completed, in the German words the employee saw on the
-- way back: the order page shows it too, also in the tab that started the signature.
ALTER TABLE "ident_cases" ADD COLUMN "failure_message" text;
