-- Search (GET /api/search/v1/{query}) matches substrings of these expressions, case-insensitively.
-- Trigram GIN indexes serve LIKE '%term%' for terms of three characters or more. The expressions
-- must stay identical to those in modules/search/search.repository.ts, or the planner ignores
-- the indexes. U+001F separates fields so a term does not match across two of them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "subscribers_search_trgm_idx" ON "subscribers" USING gin ((lower("name" || chr(31) || "subscriber_code")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "lines_of_service_search_trgm_idx" ON "lines_of_service" USING gin ((lower("line_of_service_code" || chr(31) || coalesce("device_type", '') || chr(31) || coalesce("device_identifier", '') || chr(31) || coalesce("device_mac", '') || chr(31) || replace(coalesce("device_mac", ''), ':', ''))) gin_trgm_ops);
