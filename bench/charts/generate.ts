import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import type { TierSeconds } from '../../apps/server/src/db/schema';
import { closedBefore } from '../../apps/server/src/telemetry/telemetry.repository';
import { selectRows } from '../scratch';

/**
 * Stores what the tier tables hold for `lines` gateways after 30 days of reports every 300 s,
 * as retention keeps them (apps/server/src/config.ts defaults): the 60 s tier for the last
 * 2 days (one bucket per report, every 5 minutes), 900 s for 14 days, 7200 s and 28800 s for all
 * 30 days, each higher tier up to its last closed bucket with the rollup's mark there, as the
 * rollup job leaves them (a read takes the open buckets from the tiers below). One
 * gateway_metrics row per bucket; one host_metrics row per bucket and LAN host.
 * Lines 1 to 50 have 25 hosts (the lines the bench reads); the others 6 to 24 by their number,
 * 15 on average. Rows are made by `insert … select … from generate_series(…)` in PostgreSQL
 * itself, a batch of lines at a time, in primary-key order.
 */

export const linesWith25Hosts = 50;
export const reportingIntervalSeconds = 300;
export const day = 86_400;

/** Each tier as stored after 30 days: its days kept, and how many reports fill a bucket. */
export const tiers: readonly { tier: TierSeconds; days: number; step: number }[] = [
  { tier: 60, days: 2, step: reportingIntervalSeconds },
  { tier: 900, days: 14, step: 900 },
  { tier: 7200, days: 30, step: 7200 },
  { tier: 28800, days: 30, step: 28800 },
];

/** Lines per INSERT: 50 lines of the 28800 s tier down to the 900 s tier's 1,344 buckets each. */
const linesPerBatch = 50;

export interface ChartDataSummary {
  lines: number;
  linesWith25Hosts: number;
  hosts: number;
  meanHostsPerLine: number;
  gatewayMetricsRows: number;
  hostMetricsRows: number;
  /** Every bucket is before this; the bench reads ranges ending here. */
  now: string;
}

/** The line's code: LOS-C0000001 is line 1. Its number sets its host count. */
export const lineCode = (number: number) => `LOS-C${String(number).padStart(7, '0')}`;

/** The SQL for a line's host count, from its number `n`. */
const hostCountSql = sql`case when n <= ${linesWith25Hosts} then 25 else 6 + (n * 7) % 19 end`;

/**
 * The first and last bucket a tier holds at `now`: from `now − days`, aligned to `step`, to the
 * last report for the 60 s tier, and for a higher tier to its last closed bucket, as the rollup
 * leaves them (the open ones are read from the tiers below).
 */
export function bucketRange(
  now: number,
  { tier, days, step }: (typeof tiers)[number],
): { first: string; last: string } {
  const stepMs = step * 1000;
  const first = Math.ceil((now - days * day * 1000) / stepMs) * stepMs;
  const last =
    tier === 60
      ? Math.floor(now / stepMs) * stepMs
      : closedBefore(tier, new Date(now)).getTime() - stepMs;
  return { first: new Date(first).toISOString(), last: new Date(last).toISOString() };
}

/** The rollup's marks as its last run at `now` left them. */
export async function insertRollupProgress(db: Db, now: number): Promise<void> {
  for (const { tier } of tiers) {
    if (tier === 60) continue;
    await db.execute(sql`
      insert into rollup_progress (tier, built_before)
      values (${tier}::integer, ${closedBefore(tier, new Date(now)).toISOString()}::timestamptz)`);
  }
}

export async function insertLines(db: Db, count: number, now: number): Promise<void> {
  const createdAt = new Date(now - 400 * day * 1000).toISOString();
  await db.execute(sql`
    insert into lines_of_service (line_of_service_code, reporting_token, device_type,
      device_identifier, device_mac, wan_type, first_reported_at, last_reported_at,
      created_at, updated_at)
    select 'LOS-C' || lpad(n::text, 7, '0'), md5('chart-bench-' || n), 'SR400',
      'CPE-' || upper(lpad(to_hex(n), 8, '0')),
      '02:00:00:00:' || lpad(to_hex(n / 256), 2, '0') || ':' || lpad(to_hex(n % 256), 2, '0'),
      32, ${createdAt}::timestamptz, ${new Date(now).toISOString()}::timestamptz,
      ${createdAt}::timestamptz, ${createdAt}::timestamptz
      from generate_series(1, ${count}) n`);
}

/** `select id, n from lines_of_service` for lines `from`…`to` by number. */
export const linesBetween = (from: number, to: number) => sql`
  select id, substring(line_of_service_code from 6)::int as n
    from lines_of_service
   where line_of_service_code between ${lineCode(from)} and ${lineCode(to)}`;

export async function insertGatewayMetrics(
  db: Db,
  from: number,
  to: number,
  tier: (typeof tiers)[number],
  range: { first: string; last: string },
): Promise<void> {
  const reports = tier.step / reportingIntervalSeconds;
  await db.execute(sql`
    insert into gateway_metrics (line_id, tier, bucket, cpu_sum, cpu_samples, ram_total_kib_sum,
      ram_free_kib_sum, ram_samples, temperature_tenths_sum, temperature_samples,
      uptime_max_seconds)
    select l.id, ${tier.tier}::integer, b,
      (5 + random() * 50) * ${reports}, ${reports}::integer,
      524288.0 * ${reports}, (100000 + random() * 200000) * ${reports}, ${reports}::integer,
      (480 + random() * 200) * ${reports}, ${reports}::integer,
      extract(epoch from b - ${range.first}::timestamptz)::bigint + 86400
      from (${linesBetween(from, to)}) l
     cross join generate_series(${range.first}::timestamptz, ${range.last}::timestamptz,
       make_interval(secs => ${tier.step}::integer)) b
     order by l.id, b`);
}

export async function insertHostMetrics(
  db: Db,
  from: number,
  to: number,
  tier: (typeof tiers)[number],
  range: { first: string; last: string },
): Promise<void> {
  const reports = tier.step / reportingIntervalSeconds;
  // Hosts 1–5 are cabled (no WiFi samples); the others WiFi. Bytes are per 5-minute report.
  await db.execute(sql`
    insert into host_metrics (line_id, tier, bucket, mac, bytes_in, bytes_out, signal_dbm_sum,
      signal_samples, downlink_kbps_sum, uplink_kbps_sum, rate_samples)
    select h.id, ${tier.tier}::integer, b, h.mac,
      (random() * 2e8 * ${reports})::bigint, (random() * 2e7 * ${reports})::bigint,
      case when h.wifi then (-80 + random() * 40) * ${reports} else 0 end,
      case when h.wifi then ${reports}::integer else 0 end,
      case when h.wifi then random() * 866000 * ${reports} else 0 end,
      case when h.wifi then random() * 400000 * ${reports} else 0 end,
      case when h.wifi then ${reports}::integer else 0 end
      from (select l.id, host > 5 as wifi,
                   '02:' || lpad(to_hex(l.n / 256), 2, '0') || ':' || lpad(to_hex(l.n % 256), 2, '0')
                     || ':00:00:' || lpad(to_hex(host), 2, '0') as mac
              from (${linesBetween(from, to)}) l
             cross join lateral generate_series(1, ${hostCountSql}) host) h
     cross join generate_series(${range.first}::timestamptz, ${range.last}::timestamptz,
       make_interval(secs => ${tier.step}::integer)) b
     order by h.id, b, h.mac`);
}

async function countRows(db: Db, table: 'gateway_metrics' | 'host_metrics'): Promise<number> {
  const [row] = await selectRows<{ rows: number }>(
    db,
    sql`select count(*)::int as rows from ${sql.identifier(table)}`,
  );
  return row?.rows ?? 0;
}

export async function generateChartData(
  db: Db,
  lines: number,
  now: number,
  progress: (message: string) => void,
  /** Without host_metrics (for a bench whose routes do not read them); with them by default. */
  options: { hostMetrics?: boolean } = {},
): Promise<ChartDataSummary> {
  const { hostMetrics = true } = options;
  await insertLines(db, lines, now);
  await insertRollupProgress(db, now);
  for (let from = 1; from <= lines; from += linesPerBatch) {
    const to = Math.min(lines, from + linesPerBatch - 1);
    for (const tier of tiers) {
      const range = bucketRange(now, tier);
      await insertGatewayMetrics(db, from, to, tier, range);
      if (hostMetrics) await insertHostMetrics(db, from, to, tier, range);
    }
    progress(`lines ${from}–${to} of ${lines} stored`);
  }
  const hosts = Array.from({ length: lines }, (_, index) => index + 1).reduce(
    (sum, n) => sum + (n <= linesWith25Hosts ? 25 : 6 + ((n * 7) % 19)),
    0,
  );
  return {
    lines,
    linesWith25Hosts: Math.min(lines, linesWith25Hosts),
    hosts,
    meanHostsPerLine: Math.round((hosts / lines) * 10) / 10,
    gatewayMetricsRows: await countRows(db, 'gateway_metrics'),
    hostMetricsRows: await countRows(db, 'host_metrics'),
    now: new Date(now).toISOString(),
  };
}

/** The ids of lines 1–50, the ones with 25 hosts, in line order. */
export async function linesWithMostHosts(db: Db): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from lines_of_service
         where line_of_service_code between ${lineCode(1)} and ${lineCode(linesWith25Hosts)}
         order by line_of_service_code`,
  );
  return rows.map((row) => row.id);
}
