import { z } from 'zod';
import { maxFieldLength, passphraseMaxLength, storableText } from './text';

/** Names and codes: required, trimmed, at most 255 characters (seed 000 sections 5 and 9). */
const requiredText = storableText(maxFieldLength).trim().min(1);
const optionalFilter = storableText(maxFieldLength).trim().default('');

export const subscriberCodeParamsSchema = z.object({ code: requiredText });
export const lineOfServiceCodeParamsSchema = z.object({ code: requiredText });

/** Paging shared by the provisioning lists: `X-Total-Results` gives the total. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export const totalResultsHeader = 'x-total-results';

export const subscriberSchema = z.object({
  name: z.string(),
  subscriberCode: z.string(),
  /** Codes of the subscriber's lines of service; empty means unassociated. */
  deviceLinesOfService: z.array(z.string()),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** GET /api/subscribers/search/v1?subCodePattern */
export const subscribersSearchQuerySchema = pagingQuerySchema.extend({
  subCodePattern: optionalFilter,
  hideAssociated: z.stringbool().default(false),
});
export const subscribersSearchResponseSchema = z.array(subscriberSchema);

/** PUT /api/subscriber/v1/{code}: creates or updates; `If-None-Match: *` makes it create-only. */
export const putSubscriberRequestSchema = z.object({ name: requiredText });

/** A line of service with its device, as the provisioning device table shows it. */
export const deviceLineSchema = z.object({
  lineOfServiceCode: z.string(),
  subscriberCode: z.string().nullable(),
  subscriberName: z.string().nullable(),
  deviceType: z.string().nullable(),
  identifier: z.string().nullable(),
  externalURL: z.string().nullable(),
  wanType: z.number().int().nullable(),
});
export type DeviceLine = z.infer<typeof deviceLineSchema>;

/** GET /api/devices/search/v1?searchPattern: by device identifier or line of service code. */
export const devicesSearchQuerySchema = pagingQuerySchema.extend({
  searchPattern: optionalFilter,
  hideAssociated: z.stringbool().default(false),
});
export const devicesSearchResponseSchema = z.array(deviceLineSchema);

/** POST /api/device/v1/provision: a new line, or a new reporting URL for an existing one. */
export const provisionRequestSchema = z.object({ lineOfServiceCode: requiredText });
export const reportingUrlResponseSchema = z.object({
  lineOfServiceCode: z.string(),
  reportingUrl: z.string(),
  /**
   * Not in the seeds: the line's ACS URL for a TR-069 gateway, `{PUBLIC_URL}/cwmp/v1/{token}`,
   * with the reporting URL's token (docs/tr069.md). Either URL works; a gateway uses one.
   */
  acsUrl: z.string(),
});
export type ReportingUrlResponse = z.infer<typeof reportingUrlResponseSchema>;

/** PUT /api/lineOfService/v1/{code}: associates the line with a subscriber. */
export const associateRequestSchema = z.object({ subscriberCode: requiredText });

/** One search result: a subscriber's line, a subscriber with no line, or a line with no subscriber. */
export const searchResultSchema = z.object({
  subscriberName: z.string().nullable(),
  subscriberCode: z.string().nullable(),
  lineOfServiceCode: z.string().nullable(),
  deviceType: z.string().nullable(),
  deviceIdentifier: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchParamsSchema = z.object({ query: storableText(maxFieldLength).trim().min(1) });
export const searchQuerySchema = pagingQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  /** Only subscribers without a line and lines without a subscriber. */
  unassociatedOnly: z.stringbool().default(false),
});
export const searchResponseSchema = z.array(searchResultSchema);

/** The state a result's device is in, for the search screen's popovers. */
export type SearchResultState = 'ready' | 'not-checked-in' | 'no-device';

export function searchResultState(result: SearchResult): SearchResultState {
  if (!result.lineOfServiceCode) return 'no-device';
  return result.deviceType || result.deviceIdentifier ? 'ready' : 'not-checked-in';
}

/**
 * PUT /api/subscriber/v1/{code}/consumer: the subscriber's My Network sign-in for the built-in
 * device manager (the passphrase policy applies); DELETE removes it. Not in the seeds.
 */
export const putConsumerRequestSchema = z.object({
  username: storableText(128).trim().min(1),
  passphrase: storableText(passphraseMaxLength).min(1),
});
export type PutConsumerRequest = z.infer<typeof putConsumerRequestSchema>;
export const consumerAccountSchema = z.object({ username: z.string() });
