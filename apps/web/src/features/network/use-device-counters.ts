import type { Timespan } from '@linesight/contract';
import { useMacCounters } from './api/get-mac-counters';
import { useMacCounters30 } from './api/get-mac-counters-30';
import { useReportingFrequency } from '../../lib/reporting-frequency';

/**
 * A line's device counters over a timespan, refreshed as seed 001 section 4 says: the month
 * from /api/maccounter30, the others from /api/maccounter. A failed frequency request fails the
 * chart too (seed 001 section 8: it clears device and chart data).
 */
export function useDeviceCounters(losCode: string, timespan: Timespan) {
  const frequency = useReportingFrequency();
  const month = timespan === 'month';
  const counters = useMacCounters(losCode, month ? null : timespan, frequency.data);
  const counters30 = useMacCounters30(losCode, month, frequency.data);
  const shown = month ? counters30 : counters;
  return {
    hosts: frequency.isError ? undefined : shown.data?.hosts,
    isLoading: frequency.isPending || (!frequency.isError && shown.isPending),
    isError: frequency.isError || shown.isError,
    reportingFrequencySeconds: frequency.data,
  };
}
