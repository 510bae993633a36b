CREATE TABLE "gateway_events" (
	"line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"detail" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gateway_events_line_id_kind_detail_at_pk" PRIMARY KEY("line_id","kind","detail","at")
);
--> statement-breakpoint
CREATE TABLE "wan_metrics" (
	"line_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"series" text NOT NULL,
	"value_sum" double precision DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wan_metrics_line_id_tier_bucket_series_pk" PRIMARY KEY("line_id","tier","bucket","series")
);
--> statement-breakpoint
ALTER TABLE "gateway_state" ADD COLUMN "client_version" text;--> statement-breakpoint
ALTER TABLE "gateway_state" ADD COLUMN "build_identifier" text;--> statement-breakpoint
ALTER TABLE "gateway_state" ADD COLUMN "wan_ip" text;--> statement-breakpoint
ALTER TABLE "gateway_state" ADD COLUMN "reporting_interval_seconds" integer;--> statement-breakpoint
ALTER TABLE "gateway_state" ADD COLUMN "capabilities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_state" ADD COLUMN "line_counters" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "host_state" ADD COLUMN "blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wan_metrics" ADD CONSTRAINT "wan_metrics_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;