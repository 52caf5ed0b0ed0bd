-- Every authenticated request asks whether its token's session (refresh family) is still open
-- (decision 0026). This index holds only the rows of open families, so the answer is one index entry
-- for an open session and none for a revoked one, however often the session rotated.
CREATE INDEX "refresh_tokens_open_family_idx" ON "refresh_tokens" USING btree ("family_id") WHERE "refresh_tokens"."revoked_at" is null;
