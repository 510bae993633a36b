import {
  apiPaths,
  type ReportingUrlResponse,
  reportingUrlResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

export function getReportingUrl(lineOfServiceCode: string): Promise<ReportingUrlResponse> {
  return apiRequest(generatePath(apiPaths.reportingUrl, { code: lineOfServiceCode }), {
    schema: reportingUrlResponseSchema,
  });
}

export const getReportingUrlQueryOptions = (lineOfServiceCode: string) =>
  queryOptions({
    queryKey: ['reporting-url', lineOfServiceCode],
    queryFn: () => getReportingUrl(lineOfServiceCode),
  });

export function useReportingUrl(lineOfServiceCode: string | null) {
  return useQuery({
    ...getReportingUrlQueryOptions(lineOfServiceCode ?? ''),
    enabled: lineOfServiceCode !== null,
  });
}
