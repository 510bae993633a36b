import {
  describeGateway,
  Gateway,
  type GatewayProfile,
  type NeighbourProfile,
} from '@linesight/simulator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/client';
import {
  bucketRange,
  type ChartDataSummary,
  day,
  generateChartData,
  lineCode,
  linesBetween,
  reportingIntervalSeconds,
  tiers,
} from '../charts/generate';
import { selectRows } from '../scratch';

/**
 * What issue 14's routes read, for `lines` gateways after 30 days: the chart bench's store
 * (charts/generate.ts: the lines, gateway_metrics with CPU, RAM and temperature, the rollup's
 * marks; not its host_metrics, which these routes never read and which would double the rows to
 * load: 35 million, 15 to 30 minutes on PGlite here), and on top of it
 *
 * - wan_metrics in every tier as the rollup leaves them (same buckets, retention and marks as
 *   the chart bench's tiers): per DSL line the ten gauges `dsl.1.{snr,attenuation,power,
 *   attainableRate,currentRate}.{downstream,upstream}` (sum = value × reports, samples = reports)
 *   and the four G.INP counters `dsl.1.ginpRtx{c,uc}.{downstream,upstream}` (sum of the reports'
 *   deltas); per DOCSIS line `docsis.ds.{id}.snr` for each downstream channel (24 or 16) and
 *   `docsis.us.{id}.symbolRate` for each of the 4 upstream ones. Values scatter around the
 *   simulated line's own (its profile), ids are its channel ids;
 * - gateway_events over the 30 days: 3 reboots and 4 offline spells (10 min to 2 h) per line,
 *   and 15 retrains of line 1 per DSL line;
 * - one report per line from the gateway simulator (packages/simulator), posted through the
 *   real collector by `reportFleetOnce`, so gateway_state, the `wifi`, `siteSurvey:2.4GHz`,
 *   `siteSurvey:5GHz`, `dsl`, `docsis` and `spectrum` snapshots and the line's wanType are what
 *   the ingest normalisers make of a real report (a first report carries the hourly site survey
 *   and, on DOCSIS, the spectrum analysis).
 *
 * The fleet is the simulator's (seed 14): about half DSL, 30% DOCSIS, 20% fibre, as the demo
 * fleet. A simulated household hears 3 to 26 neighbours on 2.4 GHz and up to 15 on 5 GHz; here
 * each gateway also hears other gateways' neighbours until it has at least `surveyEntries` per
 * band, the crowded survey issue 14's site survey target is about.
 */

export const fleetSeed = 14;
/** Networks each gateway's site survey hears at least, per band. */
export const surveyEntries = 25;
/** Retention's longest: the history that events are spread over. */
const historyDays = 30;

export type LineClass = GatewayProfile['line']['lineClass'];

/** Line n (from 1) is the simulator's gateway n − 1, its neighbours padded to a crowded survey. */
export function lineHealthFleet(lines: number): Gateway[] {
  return Array.from({ length: lines }, (_, index) => {
    const profile = describeGateway(fleetSeed, index);
    return new Gateway({ ...profile, neighbours: crowdedNeighbours(profile, lines) });
  });
}

/** The gateway's neighbours, then other fleet members' until each band has `surveyEntries`. */
function crowdedNeighbours(profile: GatewayProfile, lines: number): NeighbourProfile[] {
  const neighbours = [...profile.neighbours];
  const count = (band: NeighbourProfile['band']) =>
    neighbours.filter((neighbour) => neighbour.band === band).length;
  // Gateways beyond the fleet's own indexes: their households are nobody's line here.
  for (let other = lines + profile.index; ; other += lines) {
    for (const band of ['2.4GHz', '5GHz'] as const) {
      const missing = surveyEntries - count(band);
      if (missing <= 0) continue;
      neighbours.push(
        ...describeGateway(fleetSeed, other)
          .neighbours.filter((neighbour) => neighbour.band === band)
          .slice(0, missing),
      );
    }
    if (count('2.4GHz') >= surveyEntries && count('5GHz') >= surveyEntries) return neighbours;
  }
}

/** A series of one line as wan_metrics stores it, with the value it scatters around. */
export interface SeriesSpec {
  n: number;
  series: string;
  /** A gauge's typical value, or a counter's typical delta per report. */
  value: number;
  /** How far a gauge's bucket average wanders either side of `value`. */
  spread: number;
  counter: boolean;
}

/** The wan_metrics series of line n, from its simulated line. */
export function seriesOf(n: number, profile: GatewayProfile): SeriesSpec[] {
  const { line } = profile;
  const gauge = (series: string, value: number, spread: number): SeriesSpec => ({
    n,
    series,
    value,
    spread,
    counter: false,
  });
  const counter = (series: string, value: number): SeriesSpec => ({
    n,
    series,
    value,
    spread: 0,
    counter: true,
  });
  if (line.lineClass === 'dsl') {
    const direction = {
      downstream: {
        snr: line.downstreamMargin,
        attenuation: line.downstreamAttenuation,
        power: line.downstreamPower,
        attainableRate: line.attainableDownstreamKbps,
        currentRate: line.syncDownstreamKbps,
      },
      upstream: {
        snr: line.upstreamMargin,
        attenuation: line.upstreamAttenuation,
        power: line.upstreamPower,
        attainableRate: line.attainableUpstreamKbps,
        currentRate: line.syncUpstreamKbps,
      },
    };
    return Object.entries(direction).flatMap(([name, values]) => [
      gauge(`dsl.1.snr.${name}`, values.snr, 15),
      gauge(`dsl.1.attenuation.${name}`, values.attenuation, 2),
      gauge(`dsl.1.power.${name}`, values.power, 3),
      gauge(`dsl.1.attainableRate.${name}`, values.attainableRate, values.attainableRate * 0.03),
      gauge(`dsl.1.currentRate.${name}`, values.currentRate, 0),
      counter(`dsl.1.ginpRtxc.${name}`, 40),
      counter(`dsl.1.ginpRtxuc.${name}`, 1),
    ]);
  }
  if (line.lineClass === 'docsis') {
    return [
      ...line.downstream.map((channel) =>
        gauge(`docsis.ds.${channel.id}.snr`, channel.signalNoise, 6),
      ),
      // The collector's symbol rate when the modem gives none: Width / 1.25.
      ...line.upstream.map((channel) =>
        gauge(`docsis.us.${channel.id}.symbolRate`, Math.round(channel.widthHz / 1.25), 0),
      ),
    ];
  }
  return [];
}

/** Lines per INSERT of wan_metrics: 25 lines of 14 to 28 series, 1,344 buckets of the 900 s tier. */
const linesPerBatch = 25;

export async function insertWanMetrics(
  db: Db,
  from: number,
  to: number,
  specs: readonly SeriesSpec[],
  tier: (typeof tiers)[number],
  range: { first: string; last: string },
): Promise<void> {
  if (specs.length === 0) return;
  const reports = tier.step / reportingIntervalSeconds;
  // A gauge's bucket holds `reports` readings summed; a counter's, the deltas of its reports.
  await db.execute(sql`
    insert into wan_metrics (line_id, tier, bucket, series)
    select l.id, ${tier.tier}::integer, b, jsonb_object_agg(s.series, jsonb_build_array(
      case when s.counter then floor(random() * 2 * s.value * ${reports})
           else round(s.value + (random() * 2 - 1) * s.spread) * ${reports} end,
      ${reports}::integer))
      from (${linesBetween(from, to)}) l
      join json_to_recordset(${JSON.stringify(specs)}::json)
             as s(n integer, series text, value double precision, spread double precision,
                  counter boolean) on s.n = l.n
     cross join generate_series(${range.first}::timestamptz, ${range.last}::timestamptz,
       make_interval(secs => ${tier.step}::integer)) b
     group by l.id, b
     order by l.id, b`);
}

/**
 * Reboots and offline spells for every line and retrains for the DSL ones, at random times
 * over the history (`gateway_events` as the collector writes them).
 */
export async function insertEvents(
  db: Db,
  from: number,
  to: number,
  dslLines: readonly number[],
  now: number,
): Promise<void> {
  const end = new Date(now).toISOString();
  const span = historyDays * day;
  await db.execute(sql`
    insert into gateway_events (line_id, kind, at, until, detail)
    select l.id, e.kind, e.at, e.until, e.detail
      from (${linesBetween(from, to)}) l
     cross join lateral (
       select 'reboot' as kind, a.at, null::timestamptz as until, 0 as detail
         from (select ${end}::timestamptz - make_interval(secs => floor(random() * ${span})::integer) as at
                 from generate_series(1, 3)) a
       union all
       select 'offline', a.at, a.at + make_interval(secs => 600 + floor(random() * 6600)::integer), 0
         from (select ${end}::timestamptz - make_interval(secs => ${3 * 3600} + floor(random() * ${span})::integer) as at
                 from generate_series(1, 4)) a
       union all
       select 'retrain', a.at, null, 1
         from (select ${end}::timestamptz - make_interval(secs => floor(random() * ${span})::integer) as at
                 from generate_series(1, 15)) a
        where l.n = any(${`{${dslLines.join(',')}}`}::integer[])) e
    on conflict do nothing`);
}

export interface LineHealthDataSummary extends ChartDataSummary {
  linesByClass: Record<LineClass, number>;
  wanMetricsRows: number;
  gatewayEventsRows: number;
}

async function countRows(db: Db, table: 'wan_metrics' | 'gateway_events'): Promise<number> {
  const [row] = await selectRows<{ rows: number }>(
    db,
    sql`select count(*)::int as rows from ${sql.identifier(table)}`,
  );
  return row?.rows ?? 0;
}

/** The store of the module's comment, less the reports (`reportFleetOnce`, with the app). */
export async function generateLineHealthData(
  db: Db,
  fleet: readonly Gateway[],
  now: number,
  progress: (message: string) => void,
): Promise<LineHealthDataSummary> {
  const lines = fleet.length;
  const chart = await generateChartData(db, lines, now, progress, { hostMetrics: false });
  const lineNumber = (gateway: Gateway) => gateway.profile.index + 1;
  const dslLines = fleet
    .filter((gateway) => gateway.profile.line.lineClass === 'dsl')
    .map(lineNumber);
  for (let from = 1; from <= lines; from += linesPerBatch) {
    const to = Math.min(lines, from + linesPerBatch - 1);
    const specs = fleet
      .slice(from - 1, to)
      .flatMap((gateway) => seriesOf(lineNumber(gateway), gateway.profile));
    for (const tier of tiers) {
      await insertWanMetrics(db, from, to, specs, tier, bucketRange(now, tier));
    }
    await insertEvents(db, from, to, dslLines, now);
    if (to % 100 === 0 || to === lines) progress(`WAN series and events of lines 1–${to} stored`);
  }
  const linesByClass: Record<LineClass, number> = { dsl: 0, docsis: 0, fibre: 0 };
  for (const gateway of fleet) linesByClass[gateway.profile.line.lineClass] += 1;
  return {
    ...chart,
    linesByClass,
    wanMetricsRows: await countRows(db, 'wan_metrics'),
    gatewayEventsRows: await countRows(db, 'gateway_events'),
  };
}

/** Reports posted at once: the collector writes bodies arriving together in one transaction. */
const reportsInFlight = 16;

/**
 * Posts one report of each gateway, 30 s before `now`, through its line's reporting URL (the
 * real collector: identity and wanType, gateway_state, snapshots, the 60 s tier's bucket).
 * Answers each line class's line codes.
 */
export async function reportFleetOnce(
  app: FastifyInstance,
  db: Db,
  fleet: readonly Gateway[],
  now: number,
): Promise<Record<LineClass, string[]>> {
  const tokens = await selectRows<{ code: string; token: string }>(
    db,
    sql`select line_of_service_code as code, reporting_token as token from lines_of_service`,
  );
  const tokenOf = new Map(tokens.map(({ code, token }) => [code, token]));
  const codes: Record<LineClass, string[]> = { dsl: [], docsis: [], fibre: [] };
  const at = Math.floor(now / 1000) - 30;
  for (let start = 0; start < fleet.length; start += reportsInFlight) {
    await Promise.all(
      fleet.slice(start, start + reportsInFlight).map(async (gateway) => {
        const code = lineCode(gateway.profile.index + 1);
        const response = await app.inject({
          method: 'POST',
          url: `/report/v1/${tokenOf.get(code)}`,
          payload: { Report: [gateway.reportAt(at)] },
        });
        if (response.statusCode !== 200) {
          throw new Error(`${code}: report refused: ${response.statusCode} ${response.body}`);
        }
        codes[gateway.profile.line.lineClass].push(code);
      }),
    );
  }
  for (const list of Object.values(codes)) list.sort();
  return codes;
}
