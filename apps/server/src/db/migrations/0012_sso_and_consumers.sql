CREATE TABLE "sso_attempts" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id_token" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_logout_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscriber_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;