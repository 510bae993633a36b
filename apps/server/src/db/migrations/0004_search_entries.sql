CREATE TABLE "search_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid,
	"subscriber_id" uuid,
	"subscriber_name" text,
	"subscriber_code" text,
	"line_of_service_code" text,
	"device_type" text,
	"device_identifier" text,
	"search_text" text NOT NULL,
	"sort_key" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_line_id_key" ON "search_entries" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "search_entries_subscriber_id_idx" ON "search_entries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "search_entries_sort_key_idx" ON "search_entries" USING btree ("sort_key");