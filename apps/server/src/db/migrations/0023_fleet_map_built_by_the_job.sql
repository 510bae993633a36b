CREATE TABLE "fleet_map" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"answer" text NOT NULL,
	CONSTRAINT "fleet_map_one_row" CHECK ("fleet_map"."id" = 1)
);
