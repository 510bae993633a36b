CREATE TABLE "gateway_reports" (
	"line_id" uuid NOT NULL,
	"collection_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_reports_line_id_collection_time_pk" PRIMARY KEY("line_id","collection_time")
);
--> statement-breakpoint
ALTER TABLE "gateway_reports" ADD CONSTRAINT "gateway_reports_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;