CREATE TABLE "gateway_metrics" (
	"line_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"cpu_sum" double precision DEFAULT 0 NOT NULL,
	"cpu_samples" integer DEFAULT 0 NOT NULL,
	"ram_total_kib_sum" double precision DEFAULT 0 NOT NULL,
	"ram_free_kib_sum" double precision DEFAULT 0 NOT NULL,
	"ram_samples" integer DEFAULT 0 NOT NULL,
	"temperature_tenths_sum" double precision DEFAULT 0 NOT NULL,
	"temperature_samples" integer DEFAULT 0 NOT NULL,
	"uptime_max_seconds" bigint,
	CONSTRAINT "gateway_metrics_line_id_tier_bucket_pk" PRIMARY KEY("line_id","tier","bucket")
);
--> statement-breakpoint
CREATE TABLE "gateway_reboots" (
	"line_id" uuid NOT NULL,
	"rebooted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_reboots_line_id_rebooted_at_pk" PRIMARY KEY("line_id","rebooted_at")
);
--> statement-breakpoint
CREATE TABLE "gateway_state" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"uptime_seconds" bigint,
	"firmware_version" text,
	"cpu_percent" double precision,
	"ram_total_kib" double precision,
	"ram_free_kib" double precision,
	"temperature_tenths" integer
);
--> statement-breakpoint
CREATE TABLE "host_metrics" (
	"line_id" uuid NOT NULL,
	"tier" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"mac" text NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"signal_dbm_sum" double precision DEFAULT 0 NOT NULL,
	"signal_samples" integer DEFAULT 0 NOT NULL,
	"downlink_kbps_sum" double precision DEFAULT 0 NOT NULL,
	"uplink_kbps_sum" double precision DEFAULT 0 NOT NULL,
	"rate_samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "host_metrics_line_id_tier_bucket_mac_pk" PRIMARY KEY("line_id","tier","bucket","mac")
);
--> statement-breakpoint
CREATE TABLE "host_state" (
	"line_id" uuid NOT NULL,
	"mac" text NOT NULL,
	"host_name" text,
	"connection_type" text NOT NULL,
	"active" boolean NOT NULL,
	"ipv4_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"ipv6_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"wifi_band" text,
	"wifi_standard" text,
	"signal_dbm" integer,
	"downlink_kbps" integer,
	"uplink_kbps" integer,
	"bytes_sent_counter" bigint,
	"bytes_received_counter" bigint,
	"counters_at" timestamp with time zone,
	"first_connected_at" timestamp with time zone NOT NULL,
	"last_online_at" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "host_state_line_id_mac_pk" PRIMARY KEY("line_id","mac")
);
--> statement-breakpoint
CREATE TABLE "rollup_pending" (
	"line_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "rollup_pending_line_id_bucket_pk" PRIMARY KEY("line_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "gateway_metrics" ADD CONSTRAINT "gateway_metrics_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_reboots" ADD CONSTRAINT "gateway_reboots_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_state" ADD CONSTRAINT "gateway_state_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_metrics" ADD CONSTRAINT "host_metrics_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_state" ADD CONSTRAINT "host_state_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollup_pending" ADD CONSTRAINT "rollup_pending_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;