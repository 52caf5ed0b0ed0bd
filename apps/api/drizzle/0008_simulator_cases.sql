CREATE TABLE "simulator_cases" (
	"case_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"callback_url" text NOT NULL,
	"return_url" text NOT NULL,
	"document_name" text,
	"document_pdf" "bytea",
	"signer_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	"status" text NOT NULL,
	"completed_at" timestamp with time zone,
	"failure_reason" text,
	"signed_document" "bytea"
);
