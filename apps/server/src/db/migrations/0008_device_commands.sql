CREATE TABLE "device_commands" (
	"message_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"action" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"outcome" text,
	"value" text
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_line_id_idx" ON "device_commands" USING btree ("line_id","requested_at");