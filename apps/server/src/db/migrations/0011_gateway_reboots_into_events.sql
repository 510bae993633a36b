-- Reboots recorded so far become gateway_events of kind reboot, then the old table goes.
INSERT INTO "gateway_events" ("line_id", "kind", "at")
SELECT "line_id", 'reboot', "rebooted_at" FROM "gateway_reboots"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "gateway_reboots" CASCADE;
