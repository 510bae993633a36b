import {
  isStorableText,
  type RejectedReport,
  type ReportAccepted,
  type ReportFormat,
} from '@linesight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { ApiError } from '../http/api-error';
import { type DeviceIdentity, deviceIdentityOf } from './device-identity';
import { TimeSlice } from '../db/event-loop';
import { GroupCommit, type Outcome } from './group-commit';
import {
  type IngestRepository,
  type ReportedTimes,
  type ReportingLine,
  type ReportKeyRow,
  reportKey,
} from './ingest.repository';
import type { HostStateRecord } from '../telemetry/lan-hosts';
import { readCsvBody } from './report-csv';
import {
  type BodyContext,
  flattenBody,
  type FlatReport,
  type ReadBody,
  ReportFormatError,
} from './report-format';
import { checkParameterValues, type ParameterProblem } from './parameter-types';
import { TelemetryBatch } from './telemetry-batch';
import { appendWrites, emptyWrites } from '../telemetry/telemetry.repository';

const identityColumns = {
  deviceType: 'deviceType',
  identifier: 'deviceIdentifier',
  mac: 'deviceMac',
  oui: 'deviceOui',
  wanType: 'wanType',
  externalUrl: 'externalUrl',
} as const satisfies Record<keyof DeviceIdentity, keyof ReportingLine>;

/** The identity values a report gives that differ from what the line holds. */
function identityChanges(line: ReportingLine, reported: DeviceIdentity): Partial<DeviceIdentity> {
  const changes: Partial<DeviceIdentity> = {};
  for (const [field, column] of Object.entries(identityColumns) as [
    keyof DeviceIdentity,
    keyof ReportingLine,
  ][]) {
    const value = reported[field];
    if (value !== null && value !== line[column]) Object.assign(changes, { [field]: value });
  }
  return changes;
}

/**
 * The most reports one body may hold: a day of catch-up at one report a minute, five days at
 * the usual five (decision 010). A body is one transaction, and on PGlite every other query
 * waits for it: this keeps the longest about as long as a full group's (`reportsPerWrite`).
 */
export const maxReportsPerBody = 1440;

/** How many reports a JSON body holds, before any is read. */
function jsonReportCount(body: unknown): number {
  const reports = (body as { Report?: unknown } | null)?.Report;
  return Array.isArray(reports) ? reports.length : 0;
}

/** 413 for a body holding more reports than `maxReportsPerBody`. */
function tooManyReports(count: number): ApiError | null {
  if (count <= maxReportsPerBody) return null;
  return new ApiError(
    413,
    'REQUEST.TOO_LARGE',
    `A body holds at most ${maxReportsPerBody} reports; this one holds ${count}. Send them in several bodies.`,
  );
}

const unknownToken = (): ApiError =>
  new ApiError(401, 'REPORT.UNKNOWN_TOKEN', 'No line of service has this reporting URL.');

/** A body as received: its reports oldest first and those left out, or why it cannot be read. */
interface ReceivedBody {
  token: string;
  receivedAt: Date;
  reports: FlatReport[];
  rejected: RejectedReport[];
  formatError: ApiError | null;
}

/** What the request says of its body besides the body itself. */
export interface BodyDetails {
  /** `CSV` when the body is CSV text (`text/csv`); JSON, already parsed, otherwise. */
  encoding?: 'JSON' | 'CSV';
  /** The format the `BBF-Report-Format` header names. */
  declaredFormat?: ReportFormat;
  /** The reporting URL's query: the agent's `HTTP.RequestURIParameter` values. */
  query?: Readonly<Record<string, string | string[]>>;
}

/** R-BULK.1's query names for the parameters that identify a device. */
const uriIdentity = {
  sn: 'Device.DeviceInfo.SerialNumber',
  oui: 'Device.DeviceInfo.ManufacturerOUI',
  pc: 'Device.DeviceInfo.ProductClass',
} as const;

/** The identity parameters a query gives, or undefined when it gives none (most requests). */
function uriParametersOf(query: BodyDetails['query']): ReadonlyMap<string, string> | undefined {
  if (!query) return undefined;
  let parameters: Map<string, string> | undefined;
  for (const [name, path] of Object.entries(uriIdentity)) {
    const given = query[name];
    const value = (Array.isArray(given) ? given[0] : given)?.trim();
    if (value) (parameters ??= new Map()).set(path, value);
  }
  return parameters;
}

/** Tokens are 128 bits in hex; a longer one, or one PostgreSQL cannot hold, is never looked up. */
const maxTokenLength = 128;

/**
 * Tokens known to have a line, so that the check before a body is read costs no query for a
 * gateway seen lately. Being remembered never lets a body in: the write looks every token up
 * again in its transaction (a revoked one is then refused and forgotten). A token is remembered
 * for ten minutes from its last write, two reporting intervals, so that a revoked gateway whose
 * bodies never reach a write (they cannot be parsed) is answered 401 again soon. The set is
 * cleared when full.
 */
const knownTokensLimit = 100_000;
const knownTokenMilliseconds = 10 * 60 * 1000;

export interface IngestOptions {
  /** Transactions writing reports at once: 1 on PGlite's one connection, more on a pool. */
  concurrentWrites: number;
  /** Where a group write that failed whole, and is retried body by body, is reported. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Reports one transaction takes at most; a larger body goes alone. */
const reportsPerWrite = 500;

export class IngestService {
  private readonly writes: GroupCommit<ReceivedBody, ReportAccepted>;
  /** Token → until when it is taken as known (epoch milliseconds); see `knownTokensLimit`. */
  private readonly knownTokens = new Map<string, number>();

  constructor(
    private readonly ingest: IngestRepository,
    private readonly clock: Clock,
    options: IngestOptions = { concurrentWrites: 1 },
  ) {
    this.writes = new GroupCommit(
      {
        write: (bodies) => this.writeBodies(bodies),
        keyOf: (body) => body.token,
        weightOf: (body) => Math.max(1, body.reports.length),
      },
      {
        maxWeight: reportsPerWrite,
        concurrency: options.concurrentWrites,
        onGroupFailed: (error, bodies) =>
          options.log?.warn(
            { err: error, bodies },
            'a group write of report bodies failed: writing them one by one',
          ),
      },
    );
  }

  /**
   * Refuses a token no line has, before its body is read: 401, whatever the body. A token seen
   * with a line before passes without a query (see `knownTokens`).
   */
  async refuseUnknownToken(token: string): Promise<void> {
    if ((this.knownTokens.get(token) ?? 0) > this.clock.now().getTime()) return;
    if (token.length > maxTokenLength || !isStorableText(token)) throw unknownToken();
    const [line] = await this.ingest.findLinesByTokens([token]);
    if (!line) throw unknownToken();
    this.rememberToken(token);
  }

  private rememberToken(token: string): void {
    if (this.knownTokens.size >= knownTokensLimit) this.knownTokens.clear();
    this.knownTokens.set(token, this.clock.now().getTime() + knownTokenMilliseconds);
  }

  /** The line a reporting token belongs to; 401 for a token never issued or since revoked. */
  async lineForToken(token: string): Promise<ReportingLine> {
    const [line] = await this.ingest.findLinesByTokens([token]);
    if (!line) throw unknownToken();
    return line;
  }

  /**
   * Takes a body of reports from the gateway whose reporting token this is. The reports that can
   * be read are stored, those that cannot are answered as `rejected` (a body none of whose
   * reports can be read is refused whole). Nothing of a body is stored unless all of its
   * readable reports are: the answer comes after the commit. Bodies arriving together are
   * written in one transaction (see group-commit.ts). A report whose CollectionTime the line
   * already has is a re-send and is skipped. The newest report fills the device's identity
   * (type, identifier, MAC, wanType), which the provisioning and search screens show.
   */
  async receive(token: string, body: unknown, details: BodyDetails = {}): Promise<ReportAccepted> {
    const receivedAt = this.clock.now();
    const context: BodyContext = {
      nowSeconds: Math.floor(receivedAt.getTime() / 1000),
      declaredFormat: details.declaredFormat,
      uriParameters: uriParametersOf(details.query),
    };
    const isCsv = details.encoding === 'CSV' && typeof body === 'string';
    let read: ReadBody = { reports: [], rejected: [] };
    // A JSON body's reports are counted before any is read; a CSV body's rows only say how many
    // reports they make once read (its bytes are bounded by the body limit meanwhile).
    let formatError = isCsv ? null : tooManyReports(jsonReportCount(body));
    if (!formatError) {
      try {
        read = isCsv ? readCsvBody(body, context) : flattenBody(body, context);
        if (isCsv) formatError = tooManyReports(read.reports.length + read.rejected.length);
        read.reports.sort((a, b) => a.collectionTime - b.collectionTime);
      } catch (error) {
        if (!(error instanceof ReportFormatError)) throw error;
        formatError = new ApiError(400, 'REPORT.MALFORMED', `${error.path} ${error.message}.`);
      }
    }
    return this.writes.submit({ token, receivedAt, ...read, formatError });
  }

  /**
   * Takes one report already read into canonical TR-181 parameters (a TR-069 session's, decision
   * 023) from the gateway of this reporting token, and writes it as a Bulk Data report is: the
   * same value checks, the same group commit, answered after the commit. A value no type allows
   * is left out, and its table when a table is too large, with the rest kept: the gateway cannot
   * send the session again, so one bad value must not lose the others. Answers what was left out.
   */
  async receiveRead(
    token: string,
    report: FlatReport,
  ): Promise<ReportAccepted & { dropped: ParameterProblem[] }> {
    const dropped: ParameterProblem[] = [];
    let parameters = new Map(report.parameters);
    for (
      let problem = checkParameterValues(parameters, report.collectionTime);
      problem;
      problem = checkParameterValues(parameters, report.collectionTime)
    ) {
      dropped.push(problem);
      const { path } = problem;
      // A fresh map: the normalisers' table index is kept per map.
      parameters = new Map(
        [...parameters].filter(([name]) => name !== path && !name.startsWith(`${path}.`)),
      );
    }
    const accepted = await this.writes.submit({
      token,
      receivedAt: this.clock.now(),
      reports: parameters.size > 0 ? [{ collectionTime: report.collectionTime, parameters }] : [],
      rejected: [],
      formatError: null,
    });
    return { ...accepted, dropped };
  }

  /**
   * Writes bodies from different gateways in one transaction, with one statement per table.
   * An unknown token is refused before a malformed body, as a lone body would be.
   */
  private writeBodies(bodies: ReceivedBody[]): Promise<Outcome<ReportAccepted>[]> {
    return this.ingest.transaction(async (repository) => {
      // A large body's reports are worked out a slice at a time; see decision 010.
      const slice = new TimeSlice();
      const linesByToken = new Map(
        (await repository.findLinesByTokens([...new Set(bodies.map((body) => body.token))])).map(
          (line) => [line.reportingToken, line],
        ),
      );
      for (const { token } of bodies) {
        if (linesByToken.has(token)) this.rememberToken(token);
        else this.knownTokens.delete(token);
      }
      // Each body's line, when its token has one and the body could be read.
      const lines = bodies.map((body) =>
        body.formatError ? undefined : linesByToken.get(body.token),
      );
      const keys: ReportKeyRow[] = [];
      for (const [index, body] of bodies.entries()) {
        const line = lines[index];
        if (!line) continue;
        // A body naming one time twice holds one report and its re-send.
        for (const seconds of new Set(body.reports.map((report) => report.collectionTime))) {
          keys.push({
            lineId: line.id,
            collectionTime: new Date(seconds * 1000),
            receivedAt: body.receivedAt,
          });
        }
      }
      const newKeys = await repository.recordReports(keys);
      const accepted = bodies.map((body, index) => {
        const line = lines[index];
        if (!line) return [];
        return body.reports.filter((report) =>
          newKeys.delete(reportKey(line.id, new Date(report.collectionTime * 1000))),
        );
      });
      const lineIds = lines.flatMap((line, index) =>
        line && (accepted[index]?.length ?? 0) > 0 ? [line.id] : [],
      );
      const { telemetry } = repository;
      const states = new Map(
        (await telemetry.gatewayStates(lineIds)).map((state) => [state.lineId, state]),
      );
      const hostsByLine = new Map<string, HostStateRecord[]>();
      for (const host of await telemetry.hostStates(lineIds)) {
        const hosts = hostsByLine.get(host.lineId);
        if (hosts) hosts.push(host);
        else hostsByLine.set(host.lineId, [host]);
      }

      const writes = emptyWrites();
      const times: ReportedTimes[] = [];
      const outcomes: Outcome<ReportAccepted>[] = [];
      for (const [index, body] of bodies.entries()) {
        const line = lines[index];
        if (!line) {
          // A malformed body is refused as such only when its token is known.
          const malformed = linesByToken.has(body.token) ? body.formatError : null;
          outcomes.push({ ok: false, error: malformed ?? unknownToken() });
          continue;
        }
        const reports = accepted[index] ?? [];
        outcomes.push({
          ok: true,
          value: {
            accepted: reports.length,
            duplicates: body.reports.length - reports.length,
            ...(body.rejected.length > 0 && { rejected: body.rejected }),
          },
        });
        const oldest = reports[0];
        const newest = reports.at(-1);
        if (!oldest || !newest) continue;
        const batch = new TelemetryBatch(
          line.id,
          states.get(line.id),
          hostsByLine.get(line.id) ?? [],
        );
        for (const report of reports) {
          batch.add(report);
          await slice.yieldIfDue();
        }
        appendWrites(writes, batch.writes());
        const changes = identityChanges(line, deviceIdentityOf(newest.parameters));
        if (Object.keys(changes).length > 0) await repository.updateIdentity(line.id, changes);
        times.push({
          lineId: line.id,
          firstReportedAt: new Date(oldest.collectionTime * 1000),
          lastReportedAt: new Date(newest.collectionTime * 1000),
        });
      }
      await telemetry.write(writes);
      await repository.updateReportedTimes(times);
      return outcomes;
    });
  }
}
