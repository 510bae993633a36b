import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPaths } from '@linesight/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { ManualClock } from '../../apps/server/src/clock';
import { type Config, loadConfig } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { createUser, signedInToken } from '../../apps/server/test/test-app';
import { generateChartData, linesWith25Hosts } from '../charts/generate';
import {
  type EngineName,
  enginesToRun,
  runFacts,
  type LatencySummary,
  loadAverage,
  openEngine,
  roundTo,
  selectRows,
  summariseLatencies,
} from '../scratch';
import { createRandom } from '../search/random';

/**
 * Issue 13's targets: every call the summary page makes answers in under 25 ms at the 95th
 * percentile, and a month of bandwidth for 25 hosts in under 20 ms, with 1,000 lines × 30 days
 * stored, on PGlite and on PostgreSQL. For each engine: a fresh database with the chart bench's
 * tier data (charts/generate.ts), then one report posted through each 25-host line's reporting
 * URL (so the line has its gateway state, LAN hosts, WiFi and location snapshots, as after any
 * report), ANALYZE and a CHECKPOINT, then the calls through the real app (`app.inject`: access
 * control, validation, services, queries and serialisation) as a CSR: every call of the list in
 * turn for a line drawn at random among the 50 with 25 hosts, 30 warm-up rounds, 400 timed.
 *
 *   npx tsx bench/summary/summary.bench.ts           PGlite only
 *   DATABASE_URL=postgres://… npx tsx …              PGlite, then PostgreSQL (scratch database)
 *   … --engine postgres --lines 100                  one engine, fewer lines (not recorded)
 */

const targetLines = 1_000;
const warmUpRounds = 30;
const timedRounds = 400;

/** The calls, each with its path for a line and its target p95 in ms. */
const calls = [
  { key: 'subscriberDevice', path: apiPaths.subscriberDevice, targetMs: 25 },
  { key: 'gateway', path: apiPaths.gateway, targetMs: 25 },
  { key: 'deviceCapabilities', path: apiPaths.deviceCapabilities, targetMs: 25 },
  { key: 'localnetwork', path: apiPaths.localNetwork, targetMs: 25 },
  { key: 'supportInfo', path: apiPaths.supportInfo, targetMs: 25 },
  { key: 'lineOfServiceLocation', path: apiPaths.lineOfServiceLocation, targetMs: 25 },
  { key: 'wifiSettings', path: apiPaths.wifiSettings, targetMs: 25 },
  {
    key: 'parameter',
    path: apiPaths.parameter.replace(':name', 'maccounters.frequency'),
    targetMs: 25,
  },
  // The screens ask for one timespan at a time.
  ...(['hour', 'day', 'week'] as const).map((timespan) => ({
    key: `maccounter ${timespan}`,
    path: `${apiPaths.macCounters}?timespan=${timespan}`,
    targetMs: 25,
  })),
  { key: 'maccounter30 (month, 25 hosts)', path: apiPaths.macCounters30, targetMs: 20 },
];

const urlOf = (template: string, code: string): string =>
  template.replace(/:(code|losCode)/, encodeURIComponent(code));

/** Line n's host MACs as charts/generate.ts makes them: hosts 1–5 cabled, the others WiFi. */
const hostMac = (line: number, host: number): string =>
  `02:${hex(Math.floor(line / 256))}:${hex(line % 256)}:00:00:${hex(host)}`;
const hex = (value: number): string => value.toString(16).padStart(2, '0');

/** A report of line n's gateway: an SR400 on DSL, two radios, 25 hosts, a location. */
function reportOf(line: number, at: number): Record<string, unknown> {
  const report: Record<string, unknown> = {
    CollectionTime: at,
    'Device.DeviceInfo.ModelName': 'SR400',
    'Device.DeviceInfo.SerialNumber': `CPE-${line.toString(16).toUpperCase().padStart(8, '0')}`,
    'Device.DeviceInfo.SoftwareVersion': '7.1.3',
    'Device.DeviceInfo.X_LINESIGHT_ClientVersion': '4.2.0',
    'Device.DeviceInfo.UpTime': 86_400,
    'Device.DeviceInfo.ProcessStatus.CPUUsage': 30,
    'Device.DeviceInfo.MemoryStatus.Total': 524_288,
    'Device.DeviceInfo.MemoryStatus.Free': 200_000,
    'Device.DeviceInfo.Location.1.DataObject': JSON.stringify({
      type: 'Point',
      coordinates: [2.35 + line / 1000, 48.85],
    }),
    'Device.BulkData.Profile.1.ReportingInterval': 300,
    'Device.IP.Interface.1.IPv4Address.1.IPAddress': '203.0.113.7',
    'Device.DSL.Line.1.Status': 'Up',
  };
  for (const [radio, band, channel] of [
    [1, '2.4GHz', 6],
    [2, '5GHz', 44],
  ] as const) {
    Object.assign(report, {
      [`Device.WiFi.Radio.${radio}.OperatingFrequencyBand`]: band,
      [`Device.WiFi.Radio.${radio}.Channel`]: channel,
      [`Device.WiFi.Radio.${radio}.OperatingChannelBandwidth`]: radio === 1 ? '20MHz' : '80MHz',
      [`Device.WiFi.Radio.${radio}.OperatingStandards`]: radio === 1 ? 'b,g,n' : 'a,n,ac,ax',
      [`Device.WiFi.SSID.${radio}.SSID`]: `HOME-${line}`,
      [`Device.WiFi.SSID.${radio}.LowerLayers`]: `Device.WiFi.Radio.${radio}.`,
      [`Device.WiFi.AccessPoint.${radio}.SSIDReference`]: `Device.WiFi.SSID.${radio}.`,
      [`Device.WiFi.AccessPoint.${radio}.Security.ModeEnabled`]: 'WPA2-Personal',
    });
  }
  for (let host = 1; host <= 25; host++) {
    const mac = hostMac(line, host);
    const path = `Device.Hosts.Host.${host}`;
    const wifi = host > 5;
    const radio = host % 2 === 0 ? 2 : 1;
    Object.assign(report, {
      [`${path}.PhysAddress`]: mac,
      [`${path}.HostName`]: `device-${host}`,
      [`${path}.Active`]: true,
      [`${path}.Layer1Interface`]: wifi
        ? `Device.WiFi.SSID.${radio}`
        : `Device.Ethernet.Interface.${host}`,
      [`${path}.WANStats.BytesSent`]: 1_000_000 * host,
      [`${path}.WANStats.BytesReceived`]: 10_000_000 * host,
    });
    if (wifi) {
      const device = `Device.WiFi.AccessPoint.${radio}.AssociatedDevice.${host}`;
      Object.assign(report, {
        [`${device}.MACAddress`]: mac,
        [`${device}.SignalStrength`]: -40 - host,
        [`${device}.LastDataDownlinkRate`]: 433_000,
        [`${device}.LastDataUplinkRate`]: 200_000,
        [`${device}.OperatingStandard`]: 'ac',
      });
    }
  }
  return report;
}

interface CallResult extends LatencySummary {
  call: string;
  targetMs: number;
  met: boolean;
  /** Median response size in bytes. */
  medianBytes: number;
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  node: string;
  cpus: number;
  date: string;
  lines: number;
  generationSeconds: number;
  loadAverage: { before: number; after: number };
  warmUpRounds: number;
  timedRounds: number;
  calls: CallResult[];
}

/** Posts one report through each 25-host line's reporting URL; answers their codes. */
async function reportOnce(app: FastifyInstance, database: Database, now: number) {
  const rows = await selectRows<{ code: string; token: string }>(
    database.db,
    sql`select line_of_service_code as code, reporting_token as token from lines_of_service
         order by line_of_service_code limit ${linesWith25Hosts}`,
  );
  for (const [index, { token }] of rows.entries()) {
    const response = await app.inject({
      method: 'POST',
      url: `/report/v1/${token}`,
      payload: { Report: [reportOf(index + 1, Math.floor(now / 1000) - 30)] },
    });
    if (response.statusCode !== 200) throw new Error(`report refused: ${response.body}`);
  }
  return rows.map((row) => row.code);
}

async function benchEngine(
  engine: EngineName,
  database: Database,
  lines: number,
): Promise<EngineResult> {
  await database.migrate();
  const now = Math.floor(Date.now() / 1000) * 1000;
  console.error(`[${engine}] generating 30 days of tier data for ${lines} lines`);
  const started = performance.now();
  await generateChartData(database.db, lines, now, (message) =>
    console.error(`[${engine}] ${message}`),
  );
  const generationSeconds = roundTo((performance.now() - started) / 1000);

  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.BENCH_LOG ? 'error' : 'silent' }),
    webRoot: undefined,
  };
  const clock = new ManualClock(now);
  const app = await buildApp({
    config,
    database,
    clock,
    buildId: 'bench',
    logger: process.env.BENCH_LOG ? undefined : false,
  });
  await app.ready();
  try {
    const codes = await reportOnce(app, database, now);
    await database.db.execute(sql`analyze`);
    await database.db.execute(sql`checkpoint`);
    const session = {
      app,
      clock,
      database,
      config,
      databaseUrl: undefined,
      close: () => app.close(),
    };
    await createUser(session, { email: 'csr@example.com', role: 'CSR' });
    const token = await signedInToken(session, 'csr@example.com');

    const random = createRandom(20261124);
    const timings = calls.map(() => ({ ms: [] as number[], bytes: [] as number[] }));
    const loadBefore = loadAverage();
    for (let round = 0; round < warmUpRounds + timedRounds; round++) {
      for (const [index, call] of calls.entries()) {
        const url = urlOf(call.path, random.pick(codes));
        const begun = performance.now();
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { 'x-cah-token': token },
        });
        const ms = performance.now() - begun;
        if (response.statusCode !== 200) {
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        }
        if (round < warmUpRounds) continue;
        timings[index]?.ms.push(ms);
        timings[index]?.bytes.push(response.rawPayload.length);
      }
    }
    const loadAfter = loadAverage();
    return {
      ...(await runFacts(engine, database.db)),
      lines,
      generationSeconds,
      loadAverage: { before: loadBefore, after: loadAfter },
      warmUpRounds,
      timedRounds,
      calls: calls.map((call, index) => {
        const { ms = [], bytes = [] } = timings[index] ?? {};
        const summary = summariseLatencies(ms);
        const sortedBytes = [...bytes].sort((a, b) => a - b);
        return {
          call: call.key,
          ...summary,
          targetMs: call.targetMs,
          met: summary.p95 < call.targetMs,
          medianBytes: sortedBytes[Math.floor(sortedBytes.length / 2)] ?? 0,
        };
      }),
    };
  } finally {
    await app.close();
  }
}

function markdown(results: readonly EngineResult[]): string {
  const rows = [
    '| engine | call | bytes | p50 ms | p95 ms | p99 ms | max ms | target | met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const result of results) {
    for (const c of result.calls) {
      rows.push(
        `| ${result.engineVersion} | ${c.call} | ${c.medianBytes} | ${c.p50} | ${c.p95} | ${c.p99} | ${c.max} | < ${c.targetMs} | ${c.met ? 'yes' : 'no'} |`,
      );
    }
  }
  return rows.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      lines: { type: 'string', default: String(targetLines) },
    },
  });
  const lines = Number(values.lines);
  if (!Number.isInteger(lines) || lines < 50) throw new Error('--lines must be an integer ≥ 50');
  const url = process.env.DATABASE_URL;
  const results: EngineResult[] = [];
  for (const engine of enginesToRun(values.engine, url)) {
    const opened = await openEngine(engine, url, 'linesight_summary_bench');
    try {
      const result = await benchEngine(engine, opened.database, lines);
      if (lines === targetLines) {
        const file = path.join(import.meta.dirname, `results-${engine}.json`);
        await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      }
      results.push(result);
    } finally {
      await opened.dispose();
    }
  }
  console.log(markdown(results));
}

await main();
