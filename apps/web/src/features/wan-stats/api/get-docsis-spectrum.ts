import {
  apiPaths,
  type SpectrumAnalysisResponse,
  spectrumAnalysisResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { lineHealthRefetchMs } from '../../line-health/chart-span';

/** GET /api/docsisSpectrumAnalysis/v1/{losCode}: the latest analysis; null (204) when none. */
export async function getDocsisSpectrum(losCode: string): Promise<SpectrumAnalysisResponse | null> {
  const body = await apiRequest<unknown>(
    generatePath(apiPaths.docsisSpectrumAnalysis, { losCode }),
  );
  return body === undefined ? null : spectrumAnalysisResponseSchema.parse(body);
}

export const docsisSpectrumQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['docsis-spectrum', losCode],
    queryFn: () => getDocsisSpectrum(losCode),
  });

/** Asked only for a cable line, and again every 300 s like the WAN charts (seed 001 section 4). */
export function useDocsisSpectrum(losCode: string, enabled: boolean) {
  return useQuery({
    ...docsisSpectrumQueryOptions(losCode),
    enabled,
    refetchInterval: lineHealthRefetchMs,
  });
}
