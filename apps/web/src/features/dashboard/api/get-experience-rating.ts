import {
  apiPaths,
  type ExperienceRatingResponse,
  experienceRatingResponseSchema,
} from '@linesight/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardRefetchInterval } from '../widget-reading';

/**
 * GET /api/experienceRating/v1 (demo mode): the fleet's experience rating factors over the
 * widgets' window, each 0–5 with its trend, null where the store has no source for it.
 */
export function getExperienceRating(): Promise<ExperienceRatingResponse> {
  return apiRequest(apiPaths.experienceRating, { schema: experienceRatingResponseSchema });
}

export const experienceRatingQueryOptions = () =>
  queryOptions({ queryKey: ['experience-rating'], queryFn: getExperienceRating });

export function useExperienceRating() {
  return useQuery({ ...experienceRatingQueryOptions(), refetchInterval: dashboardRefetchInterval });
}
