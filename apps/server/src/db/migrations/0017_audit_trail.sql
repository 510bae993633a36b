CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"line_of_service_code" text,
	"subscriber_code" text,
	"target" text,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_line_idx" ON "audit_entries" USING btree ("line_of_service_code","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_subscriber_idx" ON "audit_entries" USING btree ("subscriber_code","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "device_commands_unanswered_idx" ON "device_commands" USING btree ("requested_at") WHERE "device_commands"."outcome" is null;