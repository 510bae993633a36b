import {
  correctiveActions,
  type CorrectiveActions,
  correctiveLatencyFlagMs,
  correctiveRefreshSeconds,
  type QoeSpanRow,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getQoeSpan } from '../../lib/qoe-span';
import { correctiveScoresOf, correctiveWindow, isSlow, newestRow } from './corrective-scores';

/** The cards' answer and how long the request for it took. */
interface TimedAnswer {
  row: QoeSpanRow | null;
  wanConnected: boolean;
  elapsedMs: number;
}

/** The window is worked out when the query runs, so each refresh reads its own last 25 minutes. */
export const correctiveActionsQueryOptions = (losCode: string) =>
  queryOptions({
    queryKey: ['qoe-span', 'corrective', losCode],
    queryFn: async (): Promise<TimedAnswer> => {
      const started = performance.now();
      const answer = await getQoeSpan(losCode, correctiveWindow(Date.now()));
      return {
        row: newestRow(answer.data),
        wanConnected: answer.wanConnected,
        elapsedMs: performance.now() - started,
      };
    },
  });

export interface CorrectiveActionsState {
  /** The cards and headings; undefined until the first answer. */
  actions: CorrectiveActions | undefined;
  /** The row the cards read; null when the gateway was not scored in the window. */
  row: QoeSpanRow | null;
  isPending: boolean;
  error: unknown;
  /** The seed's latency flag: a request took (or is taking) over 3 s. */
  slow: boolean;
}

/**
 * A line's corrective actions from the newest QoE row of the last 25 minutes, read again every
 * 20 s while the page is open and visible (TanStack pauses `refetchInterval` in a hidden tab).
 */
export function useCorrectiveActions(losCode: string): CorrectiveActionsState {
  const query = useQuery({
    ...correctiveActionsQueryOptions(losCode),
    refetchInterval: correctiveRefreshSeconds * 1000,
  });
  const [inFlightForMs, setInFlightForMs] = useState<number | null>(null);
  const { isFetching } = query;
  useEffect(() => {
    if (!isFetching) return;
    const started = Date.now();
    // One past the limit: the flag is for a request slower than 3 s.
    const timer = setTimeout(
      () => setInFlightForMs(Date.now() - started),
      correctiveLatencyFlagMs + 1,
    );
    return () => {
      clearTimeout(timer);
      setInFlightForMs(null);
    };
  }, [isFetching]);

  const answer = query.data;
  return {
    actions: answer && correctiveActions(correctiveScoresOf(answer.row), answer.wanConnected),
    row: answer?.row ?? null,
    isPending: query.isPending,
    error: query.error,
    slow: isSlow(answer?.elapsedMs ?? null, inFlightForMs),
  };
}
