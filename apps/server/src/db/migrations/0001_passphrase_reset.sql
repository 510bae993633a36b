CREATE TABLE "passphrase_reset_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passphrase_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "passphrase_reset_tokens" ADD CONSTRAINT "passphrase_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passphrase_reset_requests_email_key_idx" ON "passphrase_reset_requests" USING btree ("email_key","requested_at");--> statement-breakpoint
CREATE INDEX "passphrase_reset_tokens_user_id_idx" ON "passphrase_reset_tokens" USING btree ("user_id");