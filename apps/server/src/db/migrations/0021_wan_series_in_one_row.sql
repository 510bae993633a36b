-- A WAN line's series of one bucket in one row (`series`: each series' [sum, samples] by name),
-- instead of a row per series: a month of a DOCSIS line was 2,520 rows, which PGlite took 11 ms
-- to read (decision 017). The stored rows carry over, each bucket's series gathered into one.
ALTER TABLE "wan_metrics" RENAME TO "wan_metrics_by_series";--> statement-breakpoint
ALTER TABLE "wan_metrics_by_series" RENAME CONSTRAINT "wan_metrics_line_id_tier_bucket_series_pk" TO "wan_metrics_by_series_pk";--> statement-breakpoint
CREATE TABLE "wan_metrics" (
	"line_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"series" jsonb NOT NULL,
	CONSTRAINT "wan_metrics_line_id_tier_bucket_pk" PRIMARY KEY("line_id","tier","bucket")
);--> statement-breakpoint
INSERT INTO "wan_metrics" ("line_id", "tier", "bucket", "series")
SELECT "line_id", "tier", "bucket", jsonb_object_agg("series", jsonb_build_array("value_sum", "samples"))
  FROM "wan_metrics_by_series"
 GROUP BY "line_id", "tier", "bucket";--> statement-breakpoint
DROP TABLE "wan_metrics_by_series";--> statement-breakpoint
ALTER TABLE "wan_metrics" SET (parallel_workers = 0);
