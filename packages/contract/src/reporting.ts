import { z } from 'zod';

/**
 * TR-181 Bulk Data (`Device.BulkData.Profile.{i}.`; TR-069 Annex A / TR-369 "Bulk Data
 * Collection"), docs/reporting-protocol.md: a JSON body is `{ "Report": [ … ] }`, each report
 * with its `CollectionTime` (epoch seconds, an ISO-8601 time, or none) and its parameters as
 * NameValuePair (`"Device.DeviceInfo.UpTime": 42`) or ObjectHierarchy
 * (`"Device": { "DeviceInfo": { "UpTime": 42 } }`); a CSV body holds the same as
 * ParameterPerRow or ParameterPerColumn. The simulator writes JSON; the collector reads all four
 * (apps/server/src/ingest/report-format.ts checks a body report by report).
 */
export type ParameterValue = string | number | boolean;

export interface ParameterTree {
  [name: string]: ParameterValue | ParameterTree;
}

export interface BulkDataReport {
  CollectionTime: number;
  [name: string]: ParameterValue | ParameterTree;
}

export interface BulkDataBody {
  Report: BulkDataReport[];
}

export const reportEncodings = ['NameValuePair', 'ObjectHierarchy'] as const;
export type ReportEncoding = (typeof reportEncodings)[number];

/** The values of the `BBF-Report-Format` header: JSON's two, then CSV's two. */
export const reportFormats = [...reportEncodings, 'ParameterPerRow', 'ParameterPerColumn'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** A report of a body that was left out, and why; the body's other reports are stored. */
export const rejectedReportSchema = z.object({
  /** The report's place in the body, from 0 (see docs/reporting-protocol.md for CSV). */
  index: z.number().int(),
  /** Where in the report, e.g. `Report[2].Device.DeviceInfo.UpTime`. */
  path: z.string(),
  message: z.string(),
});
export type RejectedReport = z.infer<typeof rejectedReportSchema>;

/** What the collector answers once a body's reports are committed. */
export const reportAcceptedSchema = z.object({
  /** Reports stored now. */
  accepted: z.number().int(),
  /** Reports already stored before (a re-send), skipped. */
  duplicates: z.number().int(),
  /**
   * Reports that cannot be read, left out for good (absent when there are none): the agent got
   * a 200, so it does not retain them to send again.
   */
  rejected: z.array(rejectedReportSchema).optional(),
});
export type ReportAccepted = z.infer<typeof reportAcceptedSchema>;

/** Any token shape is looked up: an unknown one answers 401 like a revoked one. */
export const reportTokenParamsSchema = z.object({ token: z.string().max(128) });

/**
 * `HTTP.RequestURIParameter` values an agent appends to its reporting URL: any names; `oui`,
 * `pc` and `sn` (R-BULK.1) fill the reports' `Device.DeviceInfo.` identity where they lack it.
 */
export const reportQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
