CREATE TABLE "cwmp_devices" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"reporting_token" text NOT NULL,
	"oui" text NOT NULL,
	"product_class" text NOT NULL,
	"serial_number" text NOT NULL,
	"data_model" text NOT NULL,
	"cwmp_minor" integer NOT NULL,
	"connection_request_url" text,
	"connection_request_username" text,
	"connection_request_password" text,
	"inform_interval_seconds" integer,
	"objects" jsonb,
	"faulted_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diagnostics_pending" boolean DEFAULT false NOT NULL,
	"survey_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cwmp_devices" ADD CONSTRAINT "cwmp_devices_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;