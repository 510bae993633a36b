CREATE TABLE "lines_of_service" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_of_service_code" text NOT NULL,
	"subscriber_id" uuid,
	"reporting_token" text NOT NULL,
	"device_type" text,
	"device_identifier" text,
	"device_mac" text,
	"wan_type" integer,
	"external_url" text,
	"first_reported_at" timestamp with time zone,
	"last_reported_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lines_of_service" ADD CONSTRAINT "lines_of_service_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lines_of_service_code_key" ON "lines_of_service" USING btree ("line_of_service_code");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_of_service_reporting_token_key" ON "lines_of_service" USING btree ("reporting_token");--> statement-breakpoint
CREATE INDEX "lines_of_service_subscriber_id_idx" ON "lines_of_service" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "lines_of_service_updated_at_idx" ON "lines_of_service" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_code_key" ON "subscribers" USING btree ("subscriber_code");