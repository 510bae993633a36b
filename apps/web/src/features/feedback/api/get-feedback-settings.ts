import { apiPaths, type FeedbackSettings, feedbackSettingsSchema } from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Where the feedback collector loads from; the server's configuration does not change while it runs. */
export function getFeedbackSettings(): Promise<FeedbackSettings> {
  return apiRequest(apiPaths.feedbackSettings, { schema: feedbackSettingsSchema });
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
