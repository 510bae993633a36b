import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { BackfillResult } from './backfill';
import { postReports, redactedUrl, type ReportingTarget } from './client';
import { type CommandOptions, defaultCommandOptions } from './command-poll';
import { createFleet, type FleetOptions } from './fleet';
import { type BackfillEvent, type FleetEvent, runFleet } from './fleet-run';
import type { LiveEvent } from './live';
import { defaultBehaviour } from './profile';
import { type ReportEncoding, reportEncodings } from './report';
import { CwmpAgent } from './cwmp/agent';
import type { DataModel } from './cwmp/data-model';
import { type CwmpEvent, type CwmpTarget, runCwmp } from './cwmp/runner';
import { runSession } from './cwmp/session';

const usage = `Usage: npm run sim -- [options]

Plays a fleet of home gateways reporting TR-181 Bulk Data JSON to LineSight's collector
(docs/reporting-protocol.md), or speaking TR-069 (CWMP) to its ACS. Gateway i reports to the
i-th URL; a seed always gives the same fleet.

Where to report (one of):
  --urls URL[,URL...]      reporting URLs, comma-separated
  --reporting-urls FILE    a file of reporting URLs, one per line (# starts a comment)
  --dry-run                print reports as JSON instead of sending them

  A URL written "tr181 URL" or "tr098 URL" is an ACS URL: that gateway speaks TR-069 with the
  TR-181 (Device.) or TR-098 (InternetGatewayDevice.) data model. It has no history to backfill
  (CWMP carries the present only); live, it informs every interval the ACS sets and answers
  connection requests.

What to send:
  --backfill-days DAYS     first send this much history: every interval for the newest day,
                           every 15 minutes for the week before, every 2 hours beyond
  --live                   then keep reporting every interval until Ctrl-C, and answer the
                           portal's commands (each gateway goes live once its backfill is done;
                           with neither option, each gateway sends one report now)
  --interval SECONDS       reporting interval (default 300)
  --seed N                 the fleet's seed (default 1)
  --encoding NAME          NameValuePair (default) or ObjectHierarchy
  --concurrency N          gateways backfilling at once (default 2)
  --reboots-per-day R      spontaneous reboots per gateway per day (default ${round(defaultBehaviour.rebootsPerDay)})
  --offline-per-day R      offline spells per gateway per day (default ${round(defaultBehaviour.offlineSpellsPerDay)})
  --utc-offset HOURS       the households' time zone, for their daily rhythm (default 0)
  --nak-share SHARE        live: share of commands refused as "busy" (default ${defaultCommandOptions.nakShare})
  --silent-share SHARE     live: share of commands never answered, to show timeouts (default ${defaultCommandOptions.silentShare})
                           (TR-069 gateways refuse --nak-share of the ACS's changes with fault 9001)
  --cr-host HOST           TR-069: where the connection request server listens (default 127.0.0.1)
  --cr-port PORT           TR-069: its port (default: any free one)

Dry run:
  --count N                gateways to print, one report each (default 1)
  --at ISO-TIME            when they report (default now)

  --help                   this text

Examples:
  npm run sim -- --dry-run --count 2 --at 2026-01-05T20:00:00Z
  npm run sim -- --reporting-urls urls.txt --backfill-days 30 --live
`;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A mistake in the command line: shown with a pointer to --help, exit code 2. */
class UsageError extends Error {}

const optionSpecs = {
  urls: { type: 'string' },
  'reporting-urls': { type: 'string' },
  'dry-run': { type: 'boolean' },
  'backfill-days': { type: 'string' },
  live: { type: 'boolean' },
  interval: { type: 'string' },
  seed: { type: 'string' },
  encoding: { type: 'string' },
  concurrency: { type: 'string' },
  'reboots-per-day': { type: 'string' },
  'offline-per-day': { type: 'string' },
  'utc-offset': { type: 'string' },
  'nak-share': { type: 'string' },
  'silent-share': { type: 'string' },
  'cr-host': { type: 'string' },
  'cr-port': { type: 'string' },
  count: { type: 'string' },
  at: { type: 'string' },
  help: { type: 'boolean' },
} as const;

interface CliOptions {
  help: boolean;
  urls: string | undefined;
  urlsFile: string | undefined;
  dryRun: boolean;
  backfillDays: number;
  live: boolean;
  intervalSeconds: number;
  fleet: Omit<FleetOptions, 'size'>;
  commands: CommandOptions;
  concurrency: number;
  connectionRequests: { host: string; port: number };
  count: number;
  atSeconds: number;
}

function parseCommandLine(argv: string[]): CliOptions {
  let values: ReturnType<typeof parseArgs<{ options: typeof optionSpecs }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: optionSpecs, strict: true }));
  } catch (error) {
    throw new UsageError(errorText(error));
  }
  const options: CliOptions = {
    help: values.help ?? false,
    urls: values.urls,
    urlsFile: values['reporting-urls'],
    dryRun: values['dry-run'] ?? false,
    backfillDays: numberOption('--backfill-days', values['backfill-days'], 0, { min: 0 }),
    live: values.live ?? false,
    intervalSeconds: numberOption('--interval', values.interval, 300, { min: 1, whole: true }),
    fleet: {
      seed: numberOption('--seed', values.seed, 1, { min: 0, whole: true }),
      encoding: encodingOption(values.encoding),
      utcOffsetHours: numberOption('--utc-offset', values['utc-offset'], 0, { min: -12, max: 14 }),
      behaviour: {
        rebootsPerDay: numberOption(
          '--reboots-per-day',
          values['reboots-per-day'],
          defaultBehaviour.rebootsPerDay,
          { min: 0 },
        ),
        offlineSpellsPerDay: numberOption(
          '--offline-per-day',
          values['offline-per-day'],
          defaultBehaviour.offlineSpellsPerDay,
          { min: 0 },
        ),
      },
    },
    commands: {
      nakShare: numberOption('--nak-share', values['nak-share'], defaultCommandOptions.nakShare, {
        min: 0,
        max: 1,
      }),
      silentShare: numberOption(
        '--silent-share',
        values['silent-share'],
        defaultCommandOptions.silentShare,
        { min: 0, max: 1 },
      ),
    },
    concurrency: numberOption('--concurrency', values.concurrency, 2, { min: 1, whole: true }),
    connectionRequests: {
      host: values['cr-host'] ?? '127.0.0.1',
      port: numberOption('--cr-port', values['cr-port'], 0, { min: 0, max: 65535, whole: true }),
    },
    count: numberOption('--count', values.count, 1, { min: 1, whole: true }),
    atSeconds: timeOption(values.at),
  };
  if (options.urls !== undefined && options.urlsFile !== undefined) {
    throw new UsageError('Give --urls or --reporting-urls, not both.');
  }
  const hasUrls = options.urls !== undefined || options.urlsFile !== undefined;
  if (options.dryRun && (hasUrls || options.live || options.backfillDays > 0)) {
    throw new UsageError(
      '--dry-run sends nothing: it takes --count and --at, not URLs, --live or --backfill-days.',
    );
  }
  if (!options.help && !options.dryRun && !hasUrls) {
    throw new UsageError('Say where to report with --urls or --reporting-urls (or use --dry-run).');
  }
  const { nakShare = 0, silentShare = 0 } = options.commands;
  if (nakShare + silentShare > 1) {
    throw new UsageError('--nak-share and --silent-share together cannot pass 1.');
  }
  return options;
}

function numberOption(
  name: string,
  text: string | undefined,
  fallback: number,
  rules: { min: number; max?: number; whole?: boolean },
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  const max = rules.max ?? Infinity;
  if (text.trim() === '' || !Number.isFinite(value) || value < rules.min || value > max) {
    const range = max === Infinity ? `of at least ${rules.min}` : `from ${rules.min} to ${max}`;
    throw new UsageError(`${name} must be a number ${range}, not "${text}".`);
  }
  if (rules.whole && !Number.isInteger(value)) {
    throw new UsageError(`${name} must be a whole number, not "${text}".`);
  }
  return value;
}

function encodingOption(text: string | undefined): ReportEncoding {
  if (text === undefined) return 'NameValuePair';
  const encoding = reportEncodings.find((candidate) => candidate === text);
  if (!encoding) throw new UsageError(`--encoding must be ${reportEncodings.join(' or ')}.`);
  return encoding;
}

function timeOption(text: string | undefined): number {
  if (text === undefined) return Math.floor(Date.now() / 1000);
  const milliseconds = Date.parse(text);
  if (Number.isNaN(milliseconds)) {
    throw new UsageError(`--at must be an ISO time such as 2026-01-05T20:00:00Z, not "${text}".`);
  }
  return Math.floor(milliseconds / 1000);
}

/** A gateway's URL: a Bulk Data reporting URL, or an ACS URL and its data model. */
type GatewayUrl = { url: string; dataModel: DataModel | null };

async function gatewayUrls(options: CliOptions): Promise<GatewayUrl[]> {
  let lines: string[];
  if (options.urlsFile !== undefined) {
    const file = options.urlsFile;
    const text = await readFile(file, 'utf8').catch((error: unknown) => {
      throw new UsageError(`Cannot read ${file}: ${errorText(error)}`);
    });
    lines = text.split(/\r?\n/).map((line) => line.replace(/#.*/, '').trim());
  } else {
    lines = (options.urls ?? '').split(',').map((url) => url.trim());
  }
  const urls = lines
    .filter((line) => line.length > 0)
    .map((line): GatewayUrl => {
      const cwmp = /^(tr181|tr098)\s+(\S+)$/.exec(line);
      return cwmp
        ? { url: cwmp[2] ?? '', dataModel: cwmp[1] as DataModel }
        : { url: line, dataModel: null };
    });
  for (const { url } of urls) {
    if (!/^https?:\/\/[^/]+\/.+/.test(url) || !URL.canParse(url)) {
      throw new UsageError(`"${redactedUrl(url)}" is not an http(s) reporting URL.`);
    }
  }
  if (urls.length === 0) throw new UsageError('No reporting URL was given.');
  return urls;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function describeBackfill(result: BackfillResult): string {
  const outcome = result.revoked
    ? ', then the URL was revoked (401)'
    : result.stopped
      ? ', then stopped'
      : result.error
        ? `, then failed: ${result.error}`
        : '';
  return (
    `${result.serialNumber}: ${result.reports} reports in ${result.bodies} bodies ` +
    `(${result.accepted} accepted, ${result.duplicates} duplicates, ` +
    `${result.offlineSkipped} skipped while offline)${outcome}`
  );
}

/** One report (or TR-069 session) per online gateway, now; false when any was not accepted. */
async function reportOnce(targets: ReportingTarget[], cwmpTargets: CwmpTarget[]): Promise<boolean> {
  const at = Math.floor(Date.now() / 1000);
  const sessions = cwmpTargets.map(async (target): Promise<{ ok: boolean; line: string }> => {
    const name = target.gateway.serialNumber;
    if (!target.gateway.isOnlineAt(at)) return { ok: true, line: `${name}: offline, sent nothing` };
    const agent = new CwmpAgent(target.gateway, {
      acsUrl: target.acsUrl,
      dataModel: target.dataModel,
    });
    const outcome = await runSession(agent, { at, retryCount: 0 });
    if (outcome.status === 'revoked') return { ok: false, line: `${name}: URL revoked (401)` };
    if (outcome.status === 'failed')
      return { ok: false, line: `${name}: failed: ${outcome.error}` };
    return { ok: true, line: `${name}: TR-069 session, ${outcome.requests} requests answered` };
  });
  const reports = targets.map(async ({ gateway, url }): Promise<{ ok: boolean; line: string }> => {
    const name = gateway.serialNumber;
    if (!gateway.isOnlineAt(at)) return { ok: true, line: `${name}: offline, sent nothing` };
    try {
      const outcome = await postReports(url, [gateway.reportAt(at)]);
      if (outcome.status === 'revoked') return { ok: false, line: `${name}: URL revoked (401)` };
      return {
        ok: true,
        line: `${name}: ${outcome.accepted} accepted, ${outcome.duplicates} duplicates`,
      };
    } catch (error) {
      return { ok: false, line: `${name}: failed: ${errorText(error)}` };
    }
  });
  const outcomes = await Promise.all([...reports, ...sessions]);
  for (const { line } of outcomes) log(line);
  return outcomes.every(({ ok }) => ok);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Live events say when they happened; backfill progress does not. */
function describeEvent(event: FleetEvent): string {
  return 'at' in event ? describeLiveEvent(event) : describeBackfillEvent(event);
}

function describeCwmpEvent(event: CwmpEvent): string {
  const when = new Date(event.at * 1000).toISOString();
  switch (event.type) {
    case 'cwmp-session':
      return `${when} ${event.serialNumber}: TR-069 session (${event.events.join(', ') || 'no event'}), ${event.requests} requests answered`;
    case 'cwmp-failed':
      return `${when} ${event.serialNumber}: failed TR-069 session, ${event.retryInSeconds === null ? 'retries ran out' : `retry in ${event.retryInSeconds.toFixed(0)} s`}: ${event.error}`;
    case 'cwmp-connection-request':
      return `${when} ${event.serialNumber}: connection request`;
    case 'offline':
    case 'revoked':
      return describeLiveEvent(event);
  }
}

function describeBackfillEvent(event: BackfillEvent): string {
  switch (event.type) {
    case 'backfill-started':
      return `Backfilling ${event.days} days for ${event.gateways} gateways…`;
    case 'backfill-gateway-done':
      return `[${event.done}/${event.gateways}] ${describeBackfill(event.result)}`;
    case 'backfill-done':
      return `Backfilled ${event.reports} reports in ${event.seconds.toFixed(1)} s.`;
  }
}

function describeLiveEvent(event: LiveEvent): string {
  const when = new Date(event.at * 1000).toISOString();
  switch (event.type) {
    case 'sent':
      return `${when} ${event.serialNumber}: sent ${event.reports} (${event.accepted} accepted, ${event.duplicates} duplicates)`;
    case 'offline':
      return `${when} ${event.serialNumber}: offline`;
    case 'failed':
      return `${when} ${event.serialNumber}: failed, ${event.pending} reports kept: ${event.error}`;
    case 'revoked':
      return `${when} ${event.serialNumber}: URL revoked (401), stopped`;
    case 'command-received':
      return `${when} ${event.serialNumber}: command ${event.action} (${event.messageId})`;
    case 'command-answered':
      return `${when} ${event.serialNumber}: ${event.result} ${event.action} (${event.messageId})${event.value ? `: ${event.value}` : ''}`;
    case 'command-unanswered':
      return `${when} ${event.serialNumber}: leaves ${event.action} (${event.messageId}) unanswered`;
    case 'command-failed':
      return `${when} ${event.serialNumber}: command channel: ${event.error}`;
  }
}

/**
 * Backfills and/or runs live until Ctrl-C, which stops it gracefully (a second one kills it);
 * false when a backfill did not finish.
 */
async function run(
  targets: ReportingTarget[],
  cwmpTargets: CwmpTarget[],
  options: CliOptions,
): Promise<boolean> {
  const stopping = new AbortController();
  const stop = (): void => {
    log('Stopping; waiting for requests in flight…');
    stopping.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (options.live) {
    log(
      `Live: every ${options.intervalSeconds} s for ${targets.length + cwmpTargets.length} gateways, answering commands; Ctrl-C stops.`,
    );
  }
  if (cwmpTargets.length > 0 && options.backfillDays > 0) {
    log(
      `${cwmpTargets.length} TR-069 gateways have no history to backfill: CWMP carries the present only.`,
    );
  }
  const cwmp =
    options.live && cwmpTargets.length > 0
      ? await runCwmp(cwmpTargets, {
          intervalSeconds: options.intervalSeconds,
          connectionRequests: options.connectionRequests,
          faultShare: options.commands.nakShare,
          signal: stopping.signal,
          onEvent: (event) => log(describeCwmpEvent(event)),
        })
      : null;
  const { backfill } = await runFleet({
    targets,
    backfillDays: options.backfillDays,
    intervalSeconds: options.intervalSeconds,
    concurrency: options.concurrency,
    live: options.live,
    commands: options.commands,
    signal: stopping.signal,
    onEvent: (event) => log(describeEvent(event)),
  });
  await cwmp?.stop();
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return backfill.every((result) => !result.revoked && !result.error && !result.stopped);
}

async function main(argv: string[]): Promise<number> {
  const options = parseCommandLine(argv);
  if (options.help) {
    process.stdout.write(usage);
    return 0;
  }
  if (options.dryRun) {
    const fleet = createFleet({ ...options.fleet, size: options.count });
    const reports = fleet.map((gateway) => gateway.reportAt(options.atSeconds));
    process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
    return 0;
  }
  const urls = await gatewayUrls(options);
  const fleet = createFleet({ ...options.fleet, size: urls.length });
  const targets: ReportingTarget[] = [];
  const cwmpTargets: CwmpTarget[] = [];
  fleet.forEach((gateway, index) => {
    const { url, dataModel } = urls[index] ?? { url: '', dataModel: null };
    if (dataModel) cwmpTargets.push({ gateway, acsUrl: url, dataModel });
    else targets.push({ gateway, url });
  });
  const once = !options.live && options.backfillDays === 0;
  const succeeded = once
    ? await reportOnce(targets, cwmpTargets)
    : await run(targets, cwmpTargets, options);
  return succeeded ? 0 : 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    log(`${error.message}\nRun with --help for usage.`);
    process.exitCode = 2;
  } else {
    log(`Simulator failed: ${errorText(error)}`);
    process.exitCode = 1;
  }
}
