ALTER TABLE "gateway_state" ADD COLUMN "host_readings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Each host's readings move into its gateway's state before their columns go.
UPDATE "gateway_state" g SET "host_readings" = r.readings
  FROM (
    SELECT h.line_id, jsonb_object_agg(h.mac, jsonb_build_object(
             'signalDbm', h.signal_dbm,
             'downlinkKbps', h.downlink_kbps,
             'uplinkKbps', h.uplink_kbps,
             'bytesSentCounter', h.bytes_sent_counter,
             'bytesReceivedCounter', h.bytes_received_counter,
             'countersAt', (extract(epoch FROM h.counters_at) * 1000)::bigint,
             'lastOnlineAt', (extract(epoch FROM h.last_online_at) * 1000)::bigint,
             'reportedAt', (extract(epoch FROM h.reported_at) * 1000)::bigint)) AS readings
      FROM "host_state" h
     GROUP BY h.line_id) r
 WHERE g.line_id = r.line_id;--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "signal_dbm";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "downlink_kbps";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "uplink_kbps";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "bytes_sent_counter";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "bytes_received_counter";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "counters_at";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "last_online_at";--> statement-breakpoint
ALTER TABLE "host_state" DROP COLUMN "reported_at";