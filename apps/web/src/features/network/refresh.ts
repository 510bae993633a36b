import { defaultReportingFrequencySeconds, refreshSeconds } from '@linesight/contract';
import { useReportingFrequency } from '../../lib/reporting-frequency';

/** What a screen asks of a line's query: whether to run it, and how often to ask again. */
export interface LineQueryOptions {
  enabled?: boolean;
  refetchInterval?: number | false;
}

/**
 * How often the summary asks again (seed 001 section 4): a fifth of the reporting frequency,
 * at least a minute. TanStack stops asking while the tab is hidden and once the page is left.
 */
export function useSummaryRefetchInterval(): number {
  const frequency = useReportingFrequency();
  return refreshSeconds(frequency.data ?? defaultReportingFrequencySeconds) * 1000;
}
