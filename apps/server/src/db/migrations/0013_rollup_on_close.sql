CREATE TABLE "rollup_progress" (
	"tier" integer PRIMARY KEY NOT NULL,
	"built_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rollup_pending" DROP CONSTRAINT "rollup_pending_line_id_bucket_pk";--> statement-breakpoint
-- Buckets pending before this migration are 900 s buckets that took 60 s data.
ALTER TABLE "rollup_pending" ADD COLUMN "tier" integer NOT NULL DEFAULT 900;--> statement-breakpoint
ALTER TABLE "rollup_pending" ALTER COLUMN "tier" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "rollup_pending" ADD CONSTRAINT "rollup_pending_tier_bucket_line_id_pk" PRIMARY KEY("tier","bucket","line_id");
