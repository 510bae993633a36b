import type { ReportAccepted } from '@linesight/contract';
import type { Clock } from '../clock';
import { ApiError } from '../http/api-error';
import { type DeviceIdentity, deviceIdentityOf } from './device-identity';
import type { IngestRepository, ReportingLine } from './ingest.repository';
import { flattenBody, type FlatReport, ReportFormatError } from './report-format';
import { TelemetryBatch } from './telemetry-batch';

const identityColumns = {
  deviceType: 'deviceType',
  identifier: 'deviceIdentifier',
  mac: 'deviceMac',
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

export class IngestService {
  constructor(
    private readonly ingest: IngestRepository,
    private readonly clock: Clock,
  ) {}

  /** The line a reporting token belongs to; 401 for a token never issued or since revoked. */
  async lineForToken(token: string): Promise<ReportingLine> {
    const line = await this.ingest.findLineByToken(token);
    if (!line)
      throw new ApiError(401, 'REPORT.UNKNOWN_TOKEN', 'No line of service has this reporting URL.');
    return line;
  }

  /**
   * Takes a body of reports from the gateway whose reporting token this is. Nothing of a body is
   * stored unless all of it is: the answer comes after the commit. A report whose CollectionTime
   * the line already has is a re-send and is skipped. The newest report fills the device's
   * identity (type, identifier, MAC, wanType), which the provisioning and search screens show.
   */
  async receive(token: string, body: unknown): Promise<ReportAccepted> {
    const line = await this.ingest.findLineByToken(token);
    if (!line)
      throw new ApiError(401, 'REPORT.UNKNOWN_TOKEN', 'No line of service has this reporting URL.');
    const now = this.clock.now();
    let reports: FlatReport[];
    try {
      reports = flattenBody(body, Math.floor(now.getTime() / 1000));
    } catch (error) {
      if (!(error instanceof ReportFormatError)) throw error;
      throw new ApiError(400, 'REPORT.MALFORMED', `${error.path} ${error.message}.`);
    }
    reports.sort((a, b) => a.collectionTime - b.collectionTime);

    return this.ingest.transaction(async (repository) => {
      const newTimes = await repository.recordReports(
        line.id,
        // A body naming one time twice holds one report and its re-send.
        [...new Set(reports.map((report) => report.collectionTime))].map(
          (seconds) => new Date(seconds * 1000),
        ),
        now,
      );
      const acceptedReports = reports.filter((report) => {
        const isNew = newTimes.has(report.collectionTime * 1000);
        newTimes.delete(report.collectionTime * 1000);
        return isNew;
      });
      if (acceptedReports.length > 0) {
        const { telemetry } = repository;
        const batch = new TelemetryBatch(
          line.id,
          await telemetry.gatewayState(line.id),
          await telemetry.hostStates(line.id),
        );
        for (const report of acceptedReports) batch.add(report);
        await telemetry.write(batch.writes());
      }
      const oldest = acceptedReports[0];
      const newest = acceptedReports.at(-1);
      if (oldest && newest) {
        const reportedAt = new Date(newest.collectionTime * 1000);
        await repository.updateLine(line.id, {
          ...identityChanges(line, deviceIdentityOf(newest.parameters)),
          ...(line.firstReportedAt
            ? {}
            : { firstReportedAt: new Date(oldest.collectionTime * 1000) }),
          lastReportedAt:
            line.lastReportedAt && line.lastReportedAt > reportedAt
              ? line.lastReportedAt
              : reportedAt,
        });
      }
      const accepted = acceptedReports.length;
      return { accepted, duplicates: reports.length - accepted };
    });
  }
}
