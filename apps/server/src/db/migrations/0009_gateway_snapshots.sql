CREATE TABLE "gateway_snapshots" (
	"line_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "gateway_snapshots_line_id_kind_pk" PRIMARY KEY("line_id","kind")
);
--> statement-breakpoint
ALTER TABLE "gateway_snapshots" ADD CONSTRAINT "gateway_snapshots_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;