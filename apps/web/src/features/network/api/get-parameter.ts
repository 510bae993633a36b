import { apiPaths, parameterResponseSchema, reportingFrequencyOf } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/** The gateways' reporting frequency in seconds (`maccounters.frequency`, seed 001 section 5). */
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
  });

export function useReportingFrequency() {
  return useQuery(reportingFrequencyQueryOptions());
}
