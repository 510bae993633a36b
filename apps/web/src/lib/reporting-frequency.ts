import { apiPaths, parameterResponseSchema, reportingFrequencyOf } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from './api-client';

/** GET /api/parameter/v1/maccounters.frequency: how often gateways report, in seconds. */
export async function getReportingFrequency(): Promise<number> {
  const parameter = await apiRequest(
    generatePath(apiPaths.parameter, { name: 'maccounters.frequency' }),
    { schema: parameterResponseSchema },
  );
  return reportingFrequencyOf(parameter.value);
}

export const reportingFrequencyQueryOptions = () =>
  queryOptions({
    queryKey: ['parameter', 'maccounters.frequency'],
    queryFn: getReportingFrequency,
    staleTime: 10 * 60_000,
  });

export function useReportingFrequency() {
  return useQuery(reportingFrequencyQueryOptions());
}
