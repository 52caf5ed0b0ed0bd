-- An Idempotency-Key is bound to the request it answered: the SHA-256 of its body
-- (lib/idempotency.ts). The same key with another body is refused with 422 instead of answering the
-- first order. Keys already stored have no fingerprint and answer as before until they expire (24 h).
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;
