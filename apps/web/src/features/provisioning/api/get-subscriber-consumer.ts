import { apiPaths, consumerAccountSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type ConsumerAccount = z.infer<typeof consumerAccountSchema>;

/**
 * GET /api/subscriber/v1/{code}/consumer: the subscriber's My Network user name, or null when
 * none is set (404). A subscriber that no longer exists is an error, not "none".
 */
export async function getSubscriberConsumer(
  subscriberCode: string,
): Promise<ConsumerAccount | null> {
  try {
    return await apiRequest(generatePath(apiPaths.subscriberConsumer, { code: subscriberCode }), {
      schema: consumerAccountSchema,
    });
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      error.code !== 'PROVISIONING.SUBSCRIBER_NOT_FOUND'
    ) {
      return null;
    }
    throw error;
  }
}

export const getSubscriberConsumerQueryOptions = (subscriberCode: string) =>
  queryOptions({
    queryKey: ['subscriber-consumer', subscriberCode],
    queryFn: () => getSubscriberConsumer(subscriberCode),
  });

export function useSubscriberConsumer(subscriberCode: string) {
  return useQuery(getSubscriberConsumerQueryOptions(subscriberCode));
}
