import { z } from 'zod';

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
