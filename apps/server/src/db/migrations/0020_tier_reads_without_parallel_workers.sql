-- Every read of a tier table is one line's primary-key range (a chart span, a window's totals):
-- a few thousand rows at most. PostgreSQL prices such a range, spread over three tiers, above
-- its parallel threshold and starts two workers, which costs 5–20 ms on a busy machine against
-- under 1 ms of work (issue 13's summary bench). No partial (parallel) scan of these tables, then;
-- the pool also turns parallel append off (db/client.ts), the other way such a read went parallel.
ALTER TABLE "gateway_metrics" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "host_metrics" SET (parallel_workers = 0);--> statement-breakpoint
ALTER TABLE "wan_metrics" SET (parallel_workers = 0);
