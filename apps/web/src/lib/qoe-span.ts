import { apiPaths, type QoeSpanResponse, qoeSpanResponseSchema } from '@linesight/contract';
import { apiRequest } from './api-client';

/**
 * GET /api/qoe/v1/span?lineOfServiceCode&startTime&endTime: a line's scores per interval (a span
 * up to two days) or per day (longer spans), its device type and whether its gateway is online
 * now. Shared: the corrective action cards (summary and QoE page) read the last 25 minutes, the
 * QoE page's daily table the last week.
 */
export function getQoeSpan(
  lineOfServiceCode: string,
  range: { start: number; end: number },
): Promise<QoeSpanResponse> {
  const query = new URLSearchParams({
    lineOfServiceCode,
    startTime: String(Math.round(range.start)),
    endTime: String(Math.round(range.end)),
  });
  return apiRequest(`${apiPaths.qoeSpan}?${query}`, { schema: qoeSpanResponseSchema });
}
