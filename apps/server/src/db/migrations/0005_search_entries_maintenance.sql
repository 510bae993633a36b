-- Keeps search_entries in step with subscribers and lines_of_service, whatever writes them
-- (provisioning, association, the collector filling a device's identity). See schema.ts.

CREATE FUNCTION search_text_of(subscriber_name text, subscriber_code text, line_code text, device_type text, device_identifier text, device_mac text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- U+001F separates fields, so a term does not match across two of them; the MAC is searchable
  -- with and without its colons.
  SELECT lower(concat_ws(chr(31), subscriber_name, subscriber_code, line_code, device_type, device_identifier, device_mac, replace(device_mac, ':', '')))
$$;
--> statement-breakpoint
CREATE FUNCTION search_sort_key_of(subscriber_name text, subscriber_code text, line_code text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- Alphabetical by subscriber name, then code, then line; lines without a subscriber last.
  SELECT CASE WHEN subscriber_name IS NULL THEN '1' ELSE '0' END || lower(coalesce(subscriber_name, '')) || chr(31) || coalesce(subscriber_code, '') || chr(31) || coalesce(line_code, '')
$$;
--> statement-breakpoint
CREATE FUNCTION search_refresh_line(p_line uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE line_id = p_line;
  INSERT INTO search_entries (line_id, subscriber_id, subscriber_name, subscriber_code, line_of_service_code, device_type, device_identifier, search_text, sort_key)
  SELECT l.id, s.id, s.name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier,
         search_text_of(s.name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier, l.device_mac),
         search_sort_key_of(s.name, s.subscriber_code, l.line_of_service_code)
    FROM lines_of_service l LEFT JOIN subscribers s ON s.id = l.subscriber_id
   WHERE l.id = p_line;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_refresh_subscriber(p_subscriber uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_subscriber IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM search_entries WHERE subscriber_id = p_subscriber AND line_id IS NULL;
  UPDATE search_entries e
     SET subscriber_name = s.name,
         subscriber_code = s.subscriber_code,
         search_text = search_text_of(s.name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier, l.device_mac),
         sort_key = search_sort_key_of(s.name, s.subscriber_code, l.line_of_service_code)
    FROM subscribers s JOIN lines_of_service l ON l.subscriber_id = s.id
   WHERE s.id = p_subscriber AND e.line_id = l.id;
  INSERT INTO search_entries (subscriber_id, subscriber_name, subscriber_code, search_text, sort_key)
  SELECT s.id, s.name, s.subscriber_code,
         search_text_of(s.name, s.subscriber_code, NULL, NULL, NULL, NULL),
         search_sort_key_of(s.name, s.subscriber_code, NULL)
    FROM subscribers s
   WHERE s.id = p_subscriber
     AND NOT EXISTS (SELECT 1 FROM lines_of_service l WHERE l.subscriber_id = s.id);
END $$;
--> statement-breakpoint
CREATE FUNCTION search_on_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE line_id = OLD.id;
    PERFORM search_refresh_subscriber(OLD.subscriber_id);
    RETURN OLD;
  END IF;
  PERFORM search_refresh_line(NEW.id);
  IF TG_OP = 'INSERT' THEN
    PERFORM search_refresh_subscriber(NEW.subscriber_id);
  ELSIF OLD.subscriber_id IS DISTINCT FROM NEW.subscriber_id THEN
    PERFORM search_refresh_subscriber(OLD.subscriber_id);
    PERFORM search_refresh_subscriber(NEW.subscriber_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Only the columns search shows or matches: frequent writes such as last_reported_at cost nothing.
CREATE TRIGGER search_on_line_change
  AFTER INSERT OR DELETE OR UPDATE OF subscriber_id, line_of_service_code, device_type, device_identifier, device_mac
  ON lines_of_service FOR EACH ROW EXECUTE FUNCTION search_on_line_change();
--> statement-breakpoint
CREATE FUNCTION search_on_subscriber_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Its lines are set unassociated by the foreign key, which refreshes their entries.
    DELETE FROM search_entries WHERE subscriber_id = OLD.id AND line_id IS NULL;
    RETURN OLD;
  END IF;
  PERFORM search_refresh_subscriber(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_on_subscriber_change
  AFTER INSERT OR DELETE OR UPDATE OF name, subscriber_code
  ON subscribers FOR EACH ROW EXECUTE FUNCTION search_on_subscriber_change();
--> statement-breakpoint
INSERT INTO search_entries (line_id, subscriber_id, subscriber_name, subscriber_code, line_of_service_code, device_type, device_identifier, search_text, sort_key)
SELECT l.id, s.id, s.name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier,
       search_text_of(s.name, s.subscriber_code, l.line_of_service_code, l.device_type, l.device_identifier, l.device_mac),
       search_sort_key_of(s.name, s.subscriber_code, l.line_of_service_code)
  FROM lines_of_service l LEFT JOIN subscribers s ON s.id = l.subscriber_id;
--> statement-breakpoint
INSERT INTO search_entries (subscriber_id, subscriber_name, subscriber_code, search_text, sort_key)
SELECT s.id, s.name, s.subscriber_code,
       search_text_of(s.name, s.subscriber_code, NULL, NULL, NULL, NULL),
       search_sort_key_of(s.name, s.subscriber_code, NULL)
  FROM subscribers s
 WHERE NOT EXISTS (SELECT 1 FROM lines_of_service l WHERE l.subscriber_id = s.id);
--> statement-breakpoint
-- fastupdate off: entries change only when provisioning does, and a GIN pending list would be
-- read by every search until a vacuum merged it (PGlite runs no autovacuum).
CREATE INDEX "search_entries_search_text_trgm_idx" ON "search_entries" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- Search reads search_entries now; the per-table indexes of 0003 served the older query.
DROP INDEX "subscribers_search_trgm_idx";
--> statement-breakpoint
DROP INDEX "lines_of_service_search_trgm_idx";
