import { z } from 'zod';

/**
 * TR-181 Bulk Data JSON (TR-069 Annex A.3.3 / TR-369), docs/reporting-protocol.md: a body is
 * `{ "Report": [ … ] }`, each report with `CollectionTime` in whole epoch seconds and its
 * parameters as NameValuePair (`"Device.DeviceInfo.UpTime": 42`) or ObjectHierarchy
 * (`"Device": { "DeviceInfo": { "UpTime": 42 } }`). The simulator writes these; the collector
 * reads them (apps/server/src/ingest/report-format.ts checks a body value by value).
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

/** What the collector answers once a body's reports are committed. */
export const reportAcceptedSchema = z.object({
  /** Reports stored now. */
  accepted: z.number().int(),
  /** Reports already stored before (a re-send), skipped. */
  duplicates: z.number().int(),
});
export type ReportAccepted = z.infer<typeof reportAcceptedSchema>;

/** Any token shape is looked up: an unknown one answers 401 like a revoked one. */
export const reportTokenParamsSchema = z.object({ token: z.string().max(128) });
