-- The tier tables lose their foreign key to lines_of_service: its check on every row was a tenth
-- of the database's time per report. Deprovisioning deletes a line's tier rows itself (schema.ts).
ALTER TABLE "gateway_metrics" DROP CONSTRAINT "gateway_metrics_line_id_lines_of_service_id_fk";
--> statement-breakpoint
ALTER TABLE "host_metrics" DROP CONSTRAINT "host_metrics_line_id_lines_of_service_id_fk";
--> statement-breakpoint
ALTER TABLE "wan_metrics" DROP CONSTRAINT "wan_metrics_line_id_lines_of_service_id_fk";
