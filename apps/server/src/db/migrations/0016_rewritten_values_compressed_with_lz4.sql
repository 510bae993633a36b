-- The jsonb values rewritten with every report (a gateway's host readings and counters, its
-- snapshots) are compressed with lz4 where the server has it: pglz took about 4% of
-- PostgreSQL's time under ingest (decision 008). PGlite is built without lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE "gateway_state" ALTER COLUMN "host_readings" SET COMPRESSION lz4;
  ALTER TABLE "gateway_state" ALTER COLUMN "line_counters" SET COMPRESSION lz4;
  ALTER TABLE "gateway_snapshots" ALTER COLUMN "payload" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
