import { broadbandAlertBelow } from '@linesight/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  fleetMap,
  fleetMetrics,
  gatewayEvents,
  gatewaySnapshots,
  lineLocations,
  gatewayMetrics,
  gatewayState,
  hostMetrics,
  linesOfService,
  qoeDailyScores,
  qoeIntervalScores,
  qoeLineReports,
  wanMetrics,
} from '../db/schema';
import {
  cpuCurve,
  curveSql,
  docsisSnrCurve,
  dslMarginCurve,
  freeRamCurve,
  overallSql,
  scoreSql,
  temperatureCurve,
  uptimeCurve,
  weakestShare,
  wifiPercentCurve,
  wifiRateCurve,
} from './qoe-model';

/**
 * The QoE scoring job (docs/qoe-model.md; decision 021). It runs inside the rollup's
 * transactions: each batch of 900 s buckets the rollup builds is scored right after, in three
 * set-based statements (the buckets' interval scores, their days' averages, their lines' report
 * rows), and once the rollup is done each bucket it touched gets its fleet figures again. Nothing
 * here reads raw history or every line: the batch's buckets by key, a line's last 24 hours and
 * 30 days of events by key, a bucket's scores by index.
 *
 * `target` is the rollup's `t(line_id uuid, bucket timestamptz)` relation of the batch.
 */

const reportWindow = sql`interval '1 day'`;
const uptimeWindow = sql`interval '30 days'`;
const bucketLength = sql`interval '900 seconds'`;

/** `avg(x)` over the values that are scores (≥ 0), one decimal; -1 when there is none. */
const averageScore = (column: SQL): SQL =>
  sql`coalesce(round((avg(${column}) filter (where ${column} >= 0))::numeric, 1)::double precision, -1)`;

/** Each interval of the batch scored from its 900 s bucket of the tier tables. */
export function scoreIntervals(target: SQL): SQL {
  const wifiWeakest = sql`greatest(1, ceil(hr.wifi_n * ${sql.raw(String(weakestShare))}))`;
  return sql`
    insert into ${qoeIntervalScores} (line_id, bucket, overall_score, cpu_percent_score,
      free_ram_score, wifi_score, physical_status_score, avg_max_uptime_score, used_cpu_percent,
      free_ram_percent, wifi_signal_percent, temperature_c, dsl_margin_db, docsis_snr_db,
      max_uptime_seconds, lan_host_count, wifi_host_count, downstream_bps, wifi_downlink_kbps,
      wifi_uplink_kbps, wan_score)
    with t as (select distinct t.line_id, t.bucket from ${target}),
    g as (
      select t.line_id, t.bucket,
             case when m.cpu_samples > 0 then m.cpu_sum / m.cpu_samples end as cpu,
             case when m.ram_samples > 0 and m.ram_total_kib_sum > 0
                  then least(100, greatest(0, 100 * m.ram_free_kib_sum / m.ram_total_kib_sum)) end as free_ram,
             case when m.temperature_samples > 0
                  then m.temperature_tenths_sum / m.temperature_samples / 10 end as temperature,
             m.uptime_max_seconds as uptime
        from t left join ${gatewayMetrics} m
          on m.line_id = t.line_id and m.tier = 900 and m.bucket = t.bucket),
    hs as (
      select t.line_id, t.bucket, h.bytes_in,
             case when h.signal_samples > 0
                  then least(100, greatest(0, (90 - abs(h.signal_dbm_sum / h.signal_samples)) / 55 * 100)) end as pct,
             case when h.rate_samples > 0 then h.downlink_kbps_sum / h.rate_samples end as down_kbps,
             case when h.rate_samples > 0 then h.uplink_kbps_sum / h.rate_samples end as up_kbps
        from t join ${hostMetrics} h on h.line_id = t.line_id and h.tier = 900 and h.bucket = t.bucket),
    hr as (
      select hs.*, row_number() over (partition by hs.line_id, hs.bucket order by hs.pct) as rank,
             count(hs.pct) over (partition by hs.line_id, hs.bucket) as wifi_n
        from hs),
    h as (
      select hr.line_id, hr.bucket, count(*)::integer as hosts, count(hr.pct)::integer as wifi_hosts,
             avg(hr.pct) filter (where hr.pct is not null and hr.rank <= ${wifiWeakest}) as weakest_pct,
             sum(hr.bytes_in) * 8.0 / 900 as down_bps,
             avg(hr.down_kbps) filter (where hr.pct is not null) as down_kbps,
             avg(hr.up_kbps) filter (where hr.pct is not null) as up_kbps
        from hr group by hr.line_id, hr.bucket),
    w as (
      select t.line_id, t.bucket,
             min((e.value->>0)::double precision / nullif((e.value->>1)::double precision, 0))
               filter (where e.key like 'dsl.%.snr.downstream') / 10 as dsl_margin,
             avg((e.value->>0)::double precision / nullif((e.value->>1)::double precision, 0))
               filter (where e.key like 'docsis.ds.%.snr') / 10 as docsis_snr
        from t join ${wanMetrics} m on m.line_id = t.line_id and m.tier = 900 and m.bucket = t.bucket
        cross join jsonb_each(m.series) e
       group by t.line_id, t.bucket),
    s as (
      select g.line_id, g.bucket, g.cpu, g.free_ram, g.temperature, g.uptime,
             coalesce(h.hosts, 0) as hosts, coalesce(h.wifi_hosts, 0) as wifi_hosts,
             h.weakest_pct, h.down_bps, h.down_kbps, h.up_kbps, w.dsl_margin, w.docsis_snr,
             ${scoreSql(cpuCurve, sql`g.cpu`)} as cpu_score,
             ${scoreSql(freeRamCurve, sql`g.free_ram`)} as ram_score,
             ${scoreSql(wifiPercentCurve, sql`h.weakest_pct`)} as wifi_score,
             ${scoreSql(uptimeCurve, sql`g.uptime`)} as uptime_score,
             ${curveSql(temperatureCurve, sql`g.temperature`)} as temperature_curve,
             coalesce(${curveSql(dslMarginCurve, sql`w.dsl_margin`)},
                      ${curveSql(docsisSnrCurve, sql`w.docsis_snr`)}) as wan_curve
        from g left join h on h.line_id = g.line_id and h.bucket = g.bucket
               left join w on w.line_id = g.line_id and w.bucket = g.bucket),
    p as (
      select s.*,
             coalesce(round(least(s.temperature_curve, s.wan_curve)::numeric, 1)::double precision, -1)
               as physical_score
        from s)
    select p.line_id, p.bucket,
           ${overallSql([sql`p.cpu_score`, sql`p.ram_score`, sql`p.wifi_score`, sql`p.physical_score`, sql`p.uptime_score`])},
           p.cpu_score, p.ram_score, p.wifi_score, p.physical_score, p.uptime_score,
           p.cpu, p.free_ram, p.weakest_pct, p.temperature, p.dsl_margin, p.docsis_snr, p.uptime,
           p.hosts, p.wifi_hosts, p.down_bps, p.down_kbps, p.up_kbps,
           round(p.wan_curve::numeric, 1)::double precision
      from p
    on conflict (line_id, bucket) do update set
      overall_score = excluded.overall_score, cpu_percent_score = excluded.cpu_percent_score,
      free_ram_score = excluded.free_ram_score, wifi_score = excluded.wifi_score,
      physical_status_score = excluded.physical_status_score,
      avg_max_uptime_score = excluded.avg_max_uptime_score,
      used_cpu_percent = excluded.used_cpu_percent, free_ram_percent = excluded.free_ram_percent,
      wifi_signal_percent = excluded.wifi_signal_percent, temperature_c = excluded.temperature_c,
      dsl_margin_db = excluded.dsl_margin_db, docsis_snr_db = excluded.docsis_snr_db,
      max_uptime_seconds = excluded.max_uptime_seconds, lan_host_count = excluded.lan_host_count,
      wifi_host_count = excluded.wifi_host_count, downstream_bps = excluded.downstream_bps,
      wifi_downlink_kbps = excluded.wifi_downlink_kbps, wifi_uplink_kbps = excluded.wifi_uplink_kbps,
      wan_score = excluded.wan_score`;
}

const scoreAverages = sql`
  ${averageScore(sql`q.overall_score`)}, ${averageScore(sql`q.cpu_percent_score`)},
  ${averageScore(sql`q.free_ram_score`)}, ${averageScore(sql`q.wifi_score`)},
  ${averageScore(sql`q.physical_status_score`)}, ${averageScore(sql`q.avg_max_uptime_score`)},
  avg(q.used_cpu_percent), avg(100 - q.free_ram_percent), max(q.lan_host_count)`;

const scoreUpdates = sql`
  overall_score = excluded.overall_score, cpu_percent_score = excluded.cpu_percent_score,
  free_ram_score = excluded.free_ram_score, wifi_score = excluded.wifi_score,
  physical_status_score = excluded.physical_status_score,
  avg_max_uptime_score = excluded.avg_max_uptime_score,
  used_cpu_percent = excluded.used_cpu_percent, used_ram_percent = excluded.used_ram_percent,
  lan_host_count = excluded.lan_host_count`;

const scoreColumns = sql`overall_score, cpu_percent_score, free_ram_score, wifi_score,
  physical_status_score, avg_max_uptime_score, used_cpu_percent, used_ram_percent, lan_host_count`;

/** The days (UTC) of the batch's buckets averaged again from their intervals. */
export function scoreDays(target: SQL): SQL {
  return sql`
    insert into ${qoeDailyScores} (line_id, day, ${scoreColumns})
    select d.line_id, d.day, ${scoreAverages}
      from (select distinct t.line_id, date_bin(interval '1 day', t.bucket, timestamptz 'epoch') as day
              from ${target}) d
      join ${qoeIntervalScores} q
        on q.line_id = d.line_id and q.bucket >= d.day and q.bucket < d.day + interval '1 day'
     group by d.line_id, d.day
    on conflict (line_id, day) do update set ${scoreUpdates}`;
}

/**
 * The report row of each line of the batch: its scores over the 24 hours up to its newest
 * scored bucket; its reboots over the 30 days up to its latest report, and their weighted
 * average uptime: the spells between reboots (the first from the window's start or the line's
 * first report, the last up to the latest report), each weighted by its own length, Σd²/Σd. With
 * no reboot in the window it is the uptime at the latest report, at most 30 days.
 */
export function reportLines(target: SQL): SQL {
  return sql`
    insert into ${qoeLineReports} (line_id, window_end, ${scoreColumns}, reboots,
      weighted_avg_uptime_seconds)
    with e as (
      select l.line_id,
             (select max(q.bucket) from ${qoeIntervalScores} q where q.line_id = l.line_id) as window_end
        from (select distinct t.line_id from ${target}) l),
    sc as (
      select e.line_id, e.window_end, ${scoreAverages}
        from e join ${qoeIntervalScores} q
          on q.line_id = e.line_id and q.bucket > e.window_end - ${reportWindow}
         and q.bucket <= e.window_end
       group by e.line_id, e.window_end),
    b as (
      select e.line_id, s.uptime_seconds,
             coalesce(s.reported_at, e.window_end + ${bucketLength}) as end_at,
             greatest(coalesce(s.reported_at, e.window_end + ${bucketLength}) - ${uptimeWindow},
                      coalesce(l.first_reported_at, e.window_end)) as start_at
        from e join ${linesOfService} l on l.id = e.line_id
        left join ${gatewayState} s on s.line_id = e.line_id),
    boots as (
      select b.line_id, ev.at from b join ${gatewayEvents} ev
          on ev.line_id = b.line_id and ev.kind = 'reboot' and ev.detail = 0
         and ev.at > b.start_at and ev.at <= b.end_at),
    pts as (
      select b.line_id, b.start_at as at from b
      union all select boots.line_id, boots.at from boots
      union all select b.line_id, b.end_at from b),
    spells as (
      select pts.line_id,
             extract(epoch from lead(pts.at) over (partition by pts.line_id order by pts.at) - pts.at)::double precision as d
        from pts),
    counted as (select boots.line_id, count(*)::integer as reboots from boots group by boots.line_id),
    weighted as (
      select spells.line_id, sum(spells.d * spells.d) / nullif(sum(spells.d), 0) as weighted
        from spells where spells.d is not null group by spells.line_id),
    u as (
      select b.line_id, coalesce(counted.reboots, 0) as reboots, b.uptime_seconds,
             extract(epoch from ${uptimeWindow})::double precision as most, weighted.weighted
        from b left join counted on counted.line_id = b.line_id
               left join weighted on weighted.line_id = b.line_id)
    select sc.*, u.reboots,
           case when u.reboots = 0 and u.uptime_seconds is not null
                then least(u.uptime_seconds, u.most) else u.weighted end
      from sc join u on u.line_id = sc.line_id
    on conflict (line_id) do update set window_end = excluded.window_end, ${scoreUpdates},
      reboots = excluded.reboots, weighted_avg_uptime_seconds = excluded.weighted_avg_uptime_seconds`;
}

/** The fleet figures of these 900 s buckets, added up again over the lines scored in each. */
export function fleetFigures(buckets: readonly Date[]): SQL {
  const list = JSON.stringify(buckets.map((at) => at.toISOString()));
  const rateScore = (column: SQL) =>
    sql`avg(round((${curveSql(wifiRateCurve, column)})::numeric, 1)::double precision)`;
  return sql`
    insert into ${fleetMetrics} (bucket, line_count, connected_devices, average_qoe,
      downstream_bps_average, wifi_percent, average_local_net, broadband_experience,
      device_uptime, wifi_rssi, wan_snr, wifi_downstream, wifi_upstream)
    select f.bucket, f.line_count, f.connected_devices, f.average_qoe, f.downstream_bps_average,
           f.wifi_percent, f.average_local_net,
           (select avg(x) from unnest(array[f.device_uptime, f.wifi_rssi, f.wan_snr,
                                             f.wifi_downstream, f.wifi_upstream]) x),
           f.device_uptime, f.wifi_rssi, f.wan_snr, f.wifi_downstream, f.wifi_upstream
      from (
        select q.bucket, count(*)::integer as line_count,
               sum(q.lan_host_count)::double precision as connected_devices,
               avg(q.overall_score) filter (where q.overall_score >= 0) as average_qoe,
               avg(q.downstream_bps) as downstream_bps_average,
               100.0 * sum(q.wifi_host_count) / nullif(sum(q.lan_host_count), 0) as wifi_percent,
               avg(q.lan_host_count)::double precision as average_local_net,
               avg(q.avg_max_uptime_score) filter (where q.avg_max_uptime_score >= 0) as device_uptime,
               avg(q.wifi_score) filter (where q.wifi_score >= 0) as wifi_rssi,
               avg(q.wan_score) as wan_snr,
               ${rateScore(sql`q.wifi_downlink_kbps`)} as wifi_downstream,
               ${rateScore(sql`q.wifi_uplink_kbps`)} as wifi_upstream
          from ${qoeIntervalScores} q
         where q.bucket in (select value::timestamptz from json_array_elements_text(${list}::json))
         group by q.bucket) f
    on conflict (bucket) do update set line_count = excluded.line_count,
      connected_devices = excluded.connected_devices, average_qoe = excluded.average_qoe,
      downstream_bps_average = excluded.downstream_bps_average,
      wifi_percent = excluded.wifi_percent, average_local_net = excluded.average_local_net,
      broadband_experience = excluded.broadband_experience,
      device_uptime = excluded.device_uptime, wifi_rssi = excluded.wifi_rssi,
      wan_snr = excluded.wan_snr, wifi_downstream = excluded.wifi_downstream,
      wifi_upstream = excluded.wifi_upstream`;
}

/**
 * The heat map's answer (`fleet_map`), built anew: every located line (a user's location wins
 * over the one its gateway reports) with its report row's overall score, -1 when not scored,
 * and whether that score is a broadband alert.
 */
export function fleetMapAnswer(builtAt: Date): SQL {
  return sql`
    insert into ${fleetMap} (id, built_at, answer)
    select 1, ${builtAt.toISOString()}::timestamptz,
           json_build_object('gateways', coalesce(json_agg(json_build_object(
             'lineOfServiceCode', x.code, 'latitude', x.latitude, 'longitude', x.longitude,
             'overallScore', x.score,
             'alert', x.score >= 0 and x.score < ${broadbandAlertBelow}::double precision)
             order by x.code), '[]'::json))::text
      from (select l.line_of_service_code as code,
                   coalesce(u.latitude, (g.payload->>'latitude')::double precision) as latitude,
                   coalesce(u.longitude, (g.payload->>'longitude')::double precision) as longitude,
                   coalesce(r.overall_score, -1) as score
              from ${linesOfService} l
              left join ${lineLocations} u on u.line_id = l.id
              left join ${gatewaySnapshots} g on g.line_id = l.id and g.kind = 'location'
              left join ${qoeLineReports} r on r.line_id = l.id
             where u.line_id is not null or g.line_id is not null) x
     where x.latitude is not null and x.longitude is not null
    on conflict (id) do update set built_at = excluded.built_at, answer = excluded.answer`;
}

/** Scores a rollup batch: its intervals, their days, their lines' report rows. */
export async function scoreBatch(tx: Db, target: SQL): Promise<void> {
  await tx.execute(scoreIntervals(target));
  await tx.execute(scoreDays(target));
  await tx.execute(reportLines(target));
}

/** Deletes QoE rows past the 900 s tier's retention (intervals, fleet) and days past `dayCutoff`. */
export async function deleteQoeBefore(
  db: Db,
  intervalCutoff: Date,
  dayCutoff: Date,
): Promise<void> {
  await db.execute(
    sql`delete from ${qoeIntervalScores} where bucket < ${intervalCutoff.toISOString()}::timestamptz`,
  );
  await db.execute(
    sql`delete from ${fleetMetrics} where bucket < ${intervalCutoff.toISOString()}::timestamptz`,
  );
  await db.execute(
    sql`delete from ${qoeDailyScores} where day < ${dayCutoff.toISOString()}::timestamptz`,
  );
}
