import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mainThreadProfile, type ProfileSummary, summariseProfile } from '../ingest/cpu-profile';
import { cpuBetween, cpuSnapshot, type CpuUse } from '../ingest/cpu-use';
import { idleGatewayPicker, sleep } from '../ingest/load';
import { startServerGroup } from '../ingest/server-process';
import {
  type EngineName,
  enginesToRun,
  engineVersion,
  freshServerDatabase,
  type LatencySummary,
  loadAverage,
  positiveInteger,
  roundTo,
  summariseLatencies,
} from '../scratch';
import { type BenchCpe, createCpe, parameterValues, runSession } from './cpe';

/**
 * ACS throughput (issue 16's target: at least 300 periodic sessions/s on PostgreSQL, which is
 * 100,000 gateways informing every 300 s, and 100 on PGlite). The real server runs in child
 * processes (bench/ingest/server.ts: the app as `npm start` runs it, with its jobs) on a fresh
 * database with the gateways provisioned; this process is the gateways (cpe.ts), on the same
 * machine, each holding whole TR-069 sessions over keep-alive HTTP to its line's ACS URL: Inform,
 * the empty POST, the ACS's GetParameterValues answered with ~300 values, the 204. At most one
 * session per gateway at a time, `--concurrency` at once. Every gateway first holds one session
 * (its BOOTSTRAP: the ACS discovers its objects and sets its interval), then after a warm-up the
 * sessions that end within the measured window count. Every session is one report: afterwards
 * the database must hold exactly as many reports as sessions ended.
 *
 *   npx tsx bench/cwmp/cwmp.bench.ts                  PGlite only
 *   DATABASE_URL=postgres://… npx tsx …               PGlite, then PostgreSQL (scratch database)
 *   … --engine postgres --duration 20                 a part (results not recorded)
 *   … --cpu-prof-dir <folder>                         profile the servers (results not recorded)
 */

const defaults = { gateways: 2_000, concurrency: 128, warmUp: 10, duration: 60 };
const targets: Record<EngineName, number> = { postgres: 300, pglite: 100 };

interface Options {
  gateways: number;
  concurrency: number;
  servers: number | undefined;
  warmUpSeconds: number;
  durationSeconds: number;
  /** A folder for the servers' `--cpu-prof` output, when profiling. */
  profileDir: string | undefined;
}

interface EngineResult {
  engine: EngineName;
  engineVersion: string;
  date: string;
  servers: number;
  gateways: number;
  sessionsInFlight: number;
  valuesPerSession: number;
  primingSeconds: number;
  /** The ACS's requests in a periodic session, as the gateways saw them. */
  periodicSession: string[];
  sessions: number;
  sessionsPerSecond: number;
  target: number;
  requestsPerSecond: number;
  sessionMs: LatencySummary;
  errors: number;
  errorSamples: string[];
  /** Reports stored once every session had ended, and whether that is every session. */
  storedReports: number;
  verified: boolean;
  cpu: CpuUse;
  loadAverage: { before: number; after: number };
  /** The first server's profile, priming and warm-up included, when profiling. */
  profile?: ProfileSummary;
}

/** Keeps `concurrency` sessions going, each from the next gateway with none going. */
function startSessions(portFor: (index: number) => number, cpes: BenchCpe[], concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const busy = new Set<number>();
  const ended: { at: number; ms: number; requests: number }[] = [];
  const errors: string[] = [];
  let errorCount = 0;
  let periodic: string[] = [];
  let stopping = false;
  const take = idleGatewayPicker(cpes, busy);
  const worker = async () => {
    while (!stopping) {
      const cpe = take();
      const started = performance.now();
      try {
        const { requests, methods } = await runSession(agent, portFor(cpe.index), cpe);
        const at = performance.now();
        ended.push({ at, ms: at - started, requests });
        if (cpe.sessions > 2) periodic = methods;
      } catch (error) {
        errorCount += 1;
        if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error));
      } finally {
        busy.delete(cpe.index);
      }
    }
  };
  const drained = Promise.all(Array.from({ length: concurrency }, worker)).finally(() =>
    agent.destroy(),
  );
  return {
    ended,
    errors,
    errorCount: () => errorCount,
    periodic: () => periodic,
    stop: () => {
      stopping = true;
      return drained;
    },
  };
}

const progress = (engine: EngineName, message: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${engine}: ${message}`);

async function benchEngine(
  engine: EngineName,
  url: string | undefined,
  options: Options,
): Promise<EngineResult> {
  const database = await freshServerDatabase(engine, url, 'cwmp');
  const servers = options.servers ?? (engine === 'postgres' ? 2 : 1);
  try {
    progress(engine, `starting ${servers} server(s), provisioning ${options.gateways} lines`);
    const profileDir = options.profileDir && path.join(options.profileDir, engine);
    const group = await startServerGroup(
      database.environment,
      options.gateways,
      servers,
      profileDir,
    );
    try {
      const cpes = group.ready.tokens.map((token, index) => createCpe(index, token));

      progress(engine, 'priming: one session per gateway');
      const primingStarted = performance.now();
      const priming = startSessions(group.portFor, cpes, options.concurrency);
      while (cpes.some((cpe) => cpe.sessions === 0)) {
        if (priming.errorCount() > 0) throw new Error(priming.errors.join('; '));
        await sleep(200);
      }
      await priming.stop();
      const primingSeconds = roundTo((performance.now() - primingStarted) / 1000);
      const primed = priming.ended.length;

      progress(
        engine,
        `warming up ${options.warmUpSeconds} s, then measuring ${options.durationSeconds} s`,
      );
      const load = startSessions(group.portFor, cpes, options.concurrency);
      await sleep(options.warmUpSeconds * 1000);
      const loadBefore = loadAverage();
      const before = await cpuSnapshot(group, database.name);
      await sleep(options.durationSeconds * 1000);
      const after = await cpuSnapshot(group, database.name);
      const loadAfter = loadAverage();
      await load.stop();
      const window = load.ended.filter(
        (session) => session.at >= before.at && session.at <= after.at,
      );
      const seconds = (after.at - before.at) / 1000;
      const stopped = await group.stop();
      const sessions = primed + load.ended.length;
      const sessionsPerSecond = roundTo(window.length / seconds);
      progress(
        engine,
        `${sessionsPerSecond} sessions/s; stored ${stopped.storedReports} of ${sessions}`,
      );
      const profileFile = profileDir ? await mainThreadProfile(profileDir) : undefined;
      return {
        ...(profileFile ? { profile: await summariseProfile(profileFile) } : {}),
        engine,
        engineVersion: await engineVersion(engine, group.ready.serverVersion),
        date: new Date().toISOString(),
        servers,
        gateways: options.gateways,
        sessionsInFlight: options.concurrency,
        valuesPerSession: parameterValues(createCpe(0, '')).length,
        primingSeconds,
        periodicSession: load.periodic(),
        sessions: window.length,
        sessionsPerSecond,
        target: targets[engine],
        requestsPerSecond: roundTo(
          window.reduce((sum, session) => sum + session.requests, 0) / seconds,
        ),
        sessionMs: summariseLatencies(window.map((session) => session.ms)),
        errors: load.errorCount(),
        errorSamples: load.errors,
        storedReports: stopped.storedReports,
        verified: stopped.storedReports === sessions && load.errorCount() === 0,
        cpu: cpuBetween(before, after, engine === 'postgres'),
        loadAverage: { before: loadBefore, after: loadAfter },
      };
    } catch (error) {
      await group.kill();
      throw error;
    }
  } finally {
    await database.dispose();
  }
}

function markdown(results: EngineResult[]): string {
  const rows = results.map((r) => {
    const l = r.sessionMs;
    return `| ${r.engineVersion} | ${r.servers} | ${r.sessionsInFlight} | **${r.sessionsPerSecond}** (target ${r.target}) | ${r.requestsPerSecond} | ${l.p50} | ${l.p95} | ${l.p99} | ${r.errors} | ${r.verified ? 'yes' : 'NO'} (${r.storedReports}) | ${r.cpu.server} | ${r.cpu.postgres ?? '-'} | ${r.cpu.generator} | ${r.cpu.machine} | ${r.loadAverage.before}–${r.loadAverage.after} |`;
  });
  return [
    '| engine | servers | sessions in flight | sessions/s | requests/s | p50 ms | p95 ms | p99 ms | errors | every session stored | server cores | PostgreSQL cores | generator cores | machine cores | load average |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      gateways: { type: 'string', default: String(defaults.gateways) },
      concurrency: { type: 'string', default: String(defaults.concurrency) },
      'warm-up': { type: 'string', default: String(defaults.warmUp) },
      duration: { type: 'string', default: String(defaults.duration) },
      servers: { type: 'string' },
      'cpu-prof-dir': { type: 'string' },
    },
  });
  const options: Options = {
    gateways: positiveInteger(values.gateways, 'gateways'),
    concurrency: positiveInteger(values.concurrency, 'concurrency'),
    warmUpSeconds: positiveInteger(values['warm-up'], 'warm-up'),
    durationSeconds: positiveInteger(values.duration, 'duration'),
    servers: values.servers === undefined ? undefined : positiveInteger(values.servers, 'servers'),
    profileDir: values['cpu-prof-dir'],
  };
  if (options.concurrency >= options.gateways)
    throw new Error('--concurrency must be < --gateways');
  const recorded =
    !options.profileDir &&
    options.gateways === defaults.gateways &&
    options.concurrency === defaults.concurrency &&
    options.warmUpSeconds === defaults.warmUp &&
    options.durationSeconds === defaults.duration &&
    options.servers === undefined;
  const url = process.env.DATABASE_URL;
  const results: EngineResult[] = [];
  for (const engine of enginesToRun(values.engine, url)) {
    const result = await benchEngine(engine, url, options);
    if (recorded) {
      await writeFile(
        path.join(import.meta.dirname, `results-${engine}.json`),
        `${JSON.stringify(result, null, 2)}\n`,
      );
    }
    results.push(result);
  }
  console.log(markdown(results));
  console.log(
    `\nA periodic session: Inform, ${results[0]?.periodicSession.join(', ') ?? '?'}, 204.`,
  );
  for (const result of results) {
    if (!result.profile) continue;
    console.log(`\n${result.engine}: server CPU profile`);
    console.log(JSON.stringify(result.profile, null, 2));
  }
  if (results.some((result) => !result.verified || result.sessionsPerSecond < result.target)) {
    process.exitCode = 1;
  }
}

await main();
