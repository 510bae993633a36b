CREATE TABLE "fleet_metrics" (
	"bucket" timestamp with time zone PRIMARY KEY NOT NULL,
	"line_count" integer NOT NULL,
	"connected_devices" double precision,
	"average_qoe" double precision,
	"downstream_bps_average" double precision,
	"wifi_percent" double precision,
	"average_local_net" double precision,
	"broadband_experience" double precision,
	"device_uptime" double precision,
	"wifi_rssi" double precision,
	"wan_snr" double precision,
	"wifi_downstream" double precision,
	"wifi_upstream" double precision
);
--> statement-breakpoint
CREATE TABLE "qoe_daily_scores" (
	"line_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"overall_score" double precision NOT NULL,
	"cpu_percent_score" double precision NOT NULL,
	"free_ram_score" double precision NOT NULL,
	"wifi_score" double precision NOT NULL,
	"physical_status_score" double precision NOT NULL,
	"avg_max_uptime_score" double precision NOT NULL,
	"used_cpu_percent" double precision,
	"used_ram_percent" double precision,
	"lan_host_count" integer,
	CONSTRAINT "qoe_daily_scores_line_id_day_pk" PRIMARY KEY("line_id","day")
);
--> statement-breakpoint
CREATE TABLE "qoe_interval_scores" (
	"line_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"overall_score" double precision NOT NULL,
	"cpu_percent_score" double precision NOT NULL,
	"free_ram_score" double precision NOT NULL,
	"wifi_score" double precision NOT NULL,
	"physical_status_score" double precision NOT NULL,
	"avg_max_uptime_score" double precision NOT NULL,
	"used_cpu_percent" double precision,
	"free_ram_percent" double precision,
	"wifi_signal_percent" double precision,
	"temperature_c" double precision,
	"dsl_margin_db" double precision,
	"docsis_snr_db" double precision,
	"max_uptime_seconds" bigint,
	"lan_host_count" integer NOT NULL,
	"wifi_host_count" integer NOT NULL,
	"downstream_bps" double precision,
	"wifi_downlink_kbps" double precision,
	"wifi_uplink_kbps" double precision,
	"wan_score" double precision,
	CONSTRAINT "qoe_interval_scores_line_id_bucket_pk" PRIMARY KEY("line_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "qoe_line_reports" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"overall_score" double precision NOT NULL,
	"cpu_percent_score" double precision NOT NULL,
	"free_ram_score" double precision NOT NULL,
	"wifi_score" double precision NOT NULL,
	"physical_status_score" double precision NOT NULL,
	"avg_max_uptime_score" double precision NOT NULL,
	"used_cpu_percent" double precision,
	"used_ram_percent" double precision,
	"lan_host_count" integer,
	"reboots" integer NOT NULL,
	"weighted_avg_uptime_seconds" double precision
);
--> statement-breakpoint
ALTER TABLE "qoe_daily_scores" ADD CONSTRAINT "qoe_daily_scores_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qoe_interval_scores" ADD CONSTRAINT "qoe_interval_scores_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qoe_line_reports" ADD CONSTRAINT "qoe_line_reports_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qoe_daily_scores_day_idx" ON "qoe_daily_scores" USING btree ("day");--> statement-breakpoint
CREATE INDEX "qoe_interval_scores_bucket_idx" ON "qoe_interval_scores" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "qoe_line_reports_overall_idx" ON "qoe_line_reports" USING btree ("overall_score");--> statement-breakpoint
CREATE INDEX "qoe_line_reports_uptime_idx" ON "qoe_line_reports" USING btree ("reboots" desc,"weighted_avg_uptime_seconds");