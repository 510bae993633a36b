import {
  apiPaths,
  type UptimeReportResponse,
  uptimeReportResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/uptimeReport/v1: the (at most 100) lines whose gateways rebooted most often, then
 * lowest weighted average uptime; the screen sorts and pages them.
 */
export function getUptimeReport(): Promise<UptimeReportResponse> {
  return apiRequest(apiPaths.uptimeReport, { schema: uptimeReportResponseSchema });
}

export const uptimeReportQueryOptions = () =>
  queryOptions({ queryKey: ['uptime-report'], queryFn: getUptimeReport });

export function useUptimeReport() {
  return useQuery(uptimeReportQueryOptions());
}
