import {
  apiPaths,
  type CommandState,
  type CommandStatus,
  commandStatusSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../lib/api-client';

/** Seed 001 section 9: a command's status is asked for every 2 s until it ends. */
export const deviceActionPollMs = 2000;

const waitingStates: readonly CommandState[] = ['REQUESTED', 'PENDING', 'TIMEOUT-1', 'TIMEOUT-2'];

/** Whether the gateway may still answer: the portal keeps asking in these states. */
export function isWaiting(state: CommandState): boolean {
  return waitingStates.includes(state);
}

export function getDeviceActionStatus(losCode: string, messageId: string): Promise<CommandStatus> {
  const path = generatePath(apiPaths.deviceActionStatus, { losCode });
  return apiRequest(`${path}?${new URLSearchParams({ messageId })}`, {
    schema: commandStatusSchema,
  });
}

export const deviceActionStatusQueryOptions = (losCode: string, messageId: string) =>
  queryOptions({
    queryKey: ['device-action-status', losCode, messageId],
    queryFn: () => getDeviceActionStatus(losCode, messageId),
  });

/** Polls a command's status while it waits; idle without a messageId. */
export function useDeviceActionStatus(losCode: string, messageId: string | null) {
  return useQuery({
    ...deviceActionStatusQueryOptions(losCode, messageId ?? ''),
    enabled: messageId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === undefined || isWaiting(state) ? deviceActionPollMs : false;
    },
  });
}
