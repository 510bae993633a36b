CREATE TABLE "lan_device_labels" (
	"line_id" uuid NOT NULL,
	"mac" text NOT NULL,
	"alias" text,
	"icon" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lan_device_labels_line_id_mac_pk" PRIMARY KEY("line_id","mac")
);
--> statement-breakpoint
CREATE TABLE "line_locations" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "host_state" ADD COLUMN "wifi_network" text;--> statement-breakpoint
ALTER TABLE "lan_device_labels" ADD CONSTRAINT "lan_device_labels_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_locations" ADD CONSTRAINT "line_locations_line_id_lines_of_service_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines_of_service"("id") ON DELETE cascade ON UPDATE no action;