import {
  apiPaths,
  type FeedbackSettingsResponse,
  feedbackSettingsResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Where the feedback collector loads from; the server's configuration does not change while it runs. */
export function getFeedbackSettings(): Promise<FeedbackSettingsResponse> {
  return apiRequest(apiPaths.feedbackSettings, { schema: feedbackSettingsResponseSchema });
}

export const feedbackSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['feedback-settings'],
    queryFn: getFeedbackSettings,
    staleTime: Infinity,
  });

export function useFeedbackSettings() {
  return useQuery(feedbackSettingsQueryOptions());
}
