import { describeGateway, type GatewayProfile } from '@linesight/simulator';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import type { TierSeconds } from '../../apps/server/src/db/schema';
import { closedBefore } from '../../apps/server/src/telemetry/telemetry.repository';
import {
  day,
  insertGatewayMetrics,
  insertHostMetrics,
  insertLines,
  lineCode,
  linesBetween,
  reportingIntervalSeconds,
} from '../charts/generate';
import { insertEvents, insertWanMetrics, seriesOf } from '../line-health/generate';
import { firstNames, lastNames } from '../search/names';
import { selectRows } from '../scratch';

/**
 * What issue 15's scoring job reads, for `lines` gateways: the store after `days` days of reports
 * every 300 s, at the tier the job scores from (900 s, decision 021: "the scoring runs after the
 * rollup builds 900 s buckets"), built from the chart and line-health benches' generators:
 *
 * - the lines (charts/generate.ts), each with a subscriber (names from the search bench's lists)
 *   and the device type and wanType of the simulator's gateway of that index (seed 15: about half
 *   DSL, 30% DOCSIS, 20% fibre, the demo fleet's mix);
 * - `gateway_metrics` at 900 s for all `days` (CPU, RAM, temperature, uptime: charts/generate.ts);
 * - `host_metrics` (the chart bench's hosts: 6 to 24 per line, 15 on average, 1–5 cabled, the rest
 *   WiFi) and `wan_metrics` (line-health/generate.ts: the DSL gauges and G.INP counters, the
 *   DOCSIS channels) at 900 s for the newest `detailDays` only. The job scores a bucket from that
 *   bucket's rows; no request reads them (decision 021). Eight days of them at 10,000 lines would
 *   be 115 million host rows and 7.7 million jsonb rows of 14–28 series, hours to load on this
 *   machine, and would not change what the job or a call reads per bucket;
 * - `gateway_events` over 30 days (line-health/generate.ts: 3 reboots and 4 offline spells per
 *   line, 15 retrains per DSL line), which the uptime report and the uptime score read;
 * - `gateway_state` (reported 30 s before `now`; every 20th line last reported two hours ago,
 *   i.e. offline), `host_state` for the same hosts, and the `location` snapshot of the simulated
 *   gateways that have one (70%), as the collector writes them;
 * - the 60 s tier of the bucket open at `now` (`openBucketTier`): three reports per line with
 *   their `rollup_pending` marks, so that the rollup and the scoring of that bucket run as in
 *   service when the bench moves its clock past it.
 *
 * Left out: the 60 s tier of closed buckets and the 7200 s and 28800 s tiers (the job reads
 * neither), and the simulator's report bodies (10,000 reports through the collector took as long
 * as the rest; the state tables are written directly).
 */

export const qoeFleetSeed = 15;
export const storedDays = 8;
export const detailDays = 1;

/** The tier the job scores, as charts/generate.ts describes a tier. */
const scoredTier = (days: number) => ({ tier: 900 as TierSeconds, days, step: 900 });

/** Lines per INSERT of tier rows: 50 lines × 96 buckets × 15 hosts is 72,000 host rows. */
const linesPerBatch = 50;

export function qoeFleet(lines: number): GatewayProfile[] {
  return Array.from({ length: lines }, (_, index) => describeGateway(qoeFleetSeed, index));
}

/** Line n (from 1) is the simulator's gateway n − 1. */
const lineNumber = (profile: GatewayProfile) => profile.index + 1;

/** The 900 s buckets from `first` to `last` (ISO), both included. */
export interface BucketRange {
  first: string;
  last: string;
}

/** The newest closed 900 s bucket at `now`, and the open one after it. */
export function newestBuckets(now: number): { lastClosed: number; open: number } {
  const open = closedBefore(900, new Date(now)).getTime();
  return { lastClosed: open - 900_000, open };
}

/** The 900 s buckets of the `days` days that end with the newest closed bucket, skipping `skipDays`. */
export function daysRange(now: number, days: number, skipDays = 0): BucketRange {
  const { lastClosed } = newestBuckets(now);
  const last = lastClosed - skipDays * day * 1000;
  const first = last - (days * 96 - 1) * 900_000;
  return { first: new Date(first).toISOString(), last: new Date(last).toISOString() };
}

/** Lines, subscribers, the gateways' state, hosts, locations and 30 days of events. */
export async function generateFleet(
  db: Db,
  fleet: readonly GatewayProfile[],
  now: number,
  progress: (message: string) => void,
): Promise<void> {
  const lines = fleet.length;
  await insertLines(db, lines, now);
  const createdAt = new Date(now - 400 * day * 1000).toISOString();
  const people = fleet.map((profile) => {
    const n = lineNumber(profile);
    return {
      n,
      name: `${firstNames[n % firstNames.length]} ${lastNames[(n * 7) % lastNames.length]}`,
      deviceType: profile.model.name,
      wanType: profile.model.wanType,
      latitude: profile.location?.latitude ?? null,
      longitude: profile.location?.longitude ?? null,
    };
  });
  for (let from = 0; from < lines; from += 2000) {
    const chunk = JSON.stringify(people.slice(from, from + 2000));
    await db.execute(sql`
      insert into subscribers (subscriber_code, name, created_at, updated_at)
      select 'SUB-C' || lpad(p.n::text, 7, '0'), p.name, ${createdAt}::timestamptz,
             ${createdAt}::timestamptz
        from json_to_recordset(${chunk}::json) as p(n integer, name text)`);
    await db.execute(sql`
      update lines_of_service l
         set subscriber_id = s.id, device_type = p."deviceType", wan_type = p."wanType"
        from json_to_recordset(${chunk}::json)
               as p(n integer, "deviceType" text, "wanType" integer)
        join subscribers s on s.subscriber_code = 'SUB-C' || lpad(p.n::text, 7, '0')
       where l.line_of_service_code = 'LOS-C' || lpad(p.n::text, 7, '0')`);
    await db.execute(sql`
      insert into gateway_snapshots (line_id, kind, reported_at, payload)
      select l.id, 'location', ${new Date(now - 30_000).toISOString()}::timestamptz,
             jsonb_build_object('latitude', p.latitude, 'longitude', p.longitude,
                                'source', 'service')
        from json_to_recordset(${chunk}::json)
               as p(n integer, latitude double precision, longitude double precision)
        join lines_of_service l on l.line_of_service_code = 'LOS-C' || lpad(p.n::text, 7, '0')
       where p.latitude is not null`);
  }
  progress(`${lines} lines, subscribers and locations stored`);

  const reportedAt = new Date(now - 30_000).toISOString();
  const offlineAt = new Date(now - 2 * 3600_000).toISOString();
  await db.execute(sql`
    insert into gateway_state (line_id, reported_at, uptime_seconds, firmware_version,
      reporting_interval_seconds, cpu_percent, ram_total_kib, ram_free_kib, temperature_tenths)
    select l.id,
           case when l.n % 20 = 0 then ${offlineAt}::timestamptz else ${reportedAt}::timestamptz end,
           86400 + (l.n * 7919) % 600000, '4.2.3', ${reportingIntervalSeconds}::integer,
           5 + random() * 50, 524288, 100000 + random() * 200000, 480 + (random() * 200)::integer
      from (${linesBetween(1, lines)}) l`);
  // The same hosts as charts/generate.ts's host_metrics: 1–5 cabled, the others WiFi.
  await db.execute(sql`
    insert into host_state (line_id, mac, host_name, connection_type, active, wifi_band,
      first_connected_at)
    select l.id,
           '02:' || lpad(to_hex(l.n / 256), 2, '0') || ':' || lpad(to_hex(l.n % 256), 2, '0')
             || ':00:00:' || lpad(to_hex(host), 2, '0'),
           'host-' || host, case when host > 5 then 'WiFi' else 'Ethernet' end, true,
           case when host > 5 then (case when host % 2 = 0 then '5GHz' else '2.4GHz' end) end,
           ${createdAt}::timestamptz
      from (${linesBetween(1, lines)}) l
     cross join lateral generate_series(1,
       case when l.n <= 50 then 25 else 6 + (l.n * 7) % 19 end) host`);
  const dslLines = fleet.filter((p) => p.line.lineClass === 'dsl').map(lineNumber);
  for (let from = 1; from <= lines; from += 500) {
    await insertEvents(db, from, Math.min(lines, from + 499), dslLines, now);
  }
  progress(`${lines} gateway states, hosts and 30 days of events stored`);
}

/**
 * The 900 s tier over `range` for every line: gateway_metrics always, host_metrics and
 * wan_metrics when `detail` (see the module's comment).
 */
export async function generateScoredTier(
  db: Db,
  fleet: readonly GatewayProfile[],
  range: BucketRange,
  detail: boolean,
  progress: (message: string) => void,
): Promise<void> {
  const lines = fleet.length;
  const tier = scoredTier(0);
  for (let from = 1; from <= lines; from += linesPerBatch) {
    const to = Math.min(lines, from + linesPerBatch - 1);
    await insertGatewayMetrics(db, from, to, tier, range);
    if (detail) {
      await insertHostMetrics(db, from, to, tier, range);
      const specs = fleet.slice(from - 1, to).flatMap((p) => seriesOf(lineNumber(p), p));
      await insertWanMetrics(db, from, to, specs, tier, range);
    }
    if (to % 1000 === 0 || to === lines) {
      progress(`900 s tier ${range.first} to ${range.last}: lines 1–${to} stored`);
    }
  }
}

/** The rollup's mark for the 900 s tier: every bucket before the open one is built. */
export async function markBuilt(db: Db, now: number): Promise<void> {
  const { open } = newestBuckets(now);
  await db.execute(sql`
    insert into rollup_progress (tier, built_before)
    values (900, ${new Date(open).toISOString()}::timestamptz)
    on conflict (tier) do update set built_before = excluded.built_before`);
}

/**
 * The 60 s tier of the bucket open at `now` (three reports per line, 300 s apart) and its
 * `rollup_pending` marks: what the rollup turns into that 900 s bucket once it closes.
 */
export async function openBucketTier(
  db: Db,
  fleet: readonly GatewayProfile[],
  now: number,
): Promise<{ bucket: number }> {
  const lines = fleet.length;
  const { open } = newestBuckets(now);
  const tier = { tier: 60 as TierSeconds, days: 0, step: reportingIntervalSeconds };
  const range = {
    first: new Date(open).toISOString(),
    last: new Date(open + 600_000).toISOString(),
  };
  for (let from = 1; from <= lines; from += linesPerBatch) {
    const to = Math.min(lines, from + linesPerBatch - 1);
    await insertGatewayMetrics(db, from, to, tier, range);
    await insertHostMetrics(db, from, to, tier, range);
    const specs = fleet.slice(from - 1, to).flatMap((p) => seriesOf(lineNumber(p), p));
    await insertWanMetrics(db, from, to, specs, tier, range);
  }
  await db.execute(sql`
    insert into rollup_pending (line_id, tier, bucket)
    select id, 900, ${range.first}::timestamptz from lines_of_service
    on conflict do nothing`);
  return { bucket: open };
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await selectRows<{ rows: number }>(
    db,
    sql`select count(*)::int as rows from ${sql.identifier(table)}`,
  );
  return row?.rows ?? 0;
}

/** Line codes by line class, for calls that concern one class. */
export function linesByClass(fleet: readonly GatewayProfile[]): Record<string, string[]> {
  const codes: Record<string, string[]> = {};
  for (const profile of fleet) {
    (codes[profile.line.lineClass] ??= []).push(lineCode(lineNumber(profile)));
  }
  return codes;
}
