import {
  apiPaths,
  type ReportingUrlResponse,
  reportingUrlResponseSchema,
} from '@linesight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getDevicesQueryOptions } from './get-devices';
import { getReportingUrlQueryOptions } from './get-reporting-url';

export interface ProvisionRequest {
  lineOfServiceCode: string;
  /** Create mode: a code in use is refused (409) rather than re-provisioned. */
  createOnly: boolean;
}

export function provisionDevice({
  lineOfServiceCode,
  createOnly,
}: ProvisionRequest): Promise<ReportingUrlResponse> {
  return apiRequest(apiPaths.provision, {
    method: 'POST',
    body: { lineOfServiceCode },
    headers: createOnly ? { 'if-none-match': '*' } : {},
    schema: reportingUrlResponseSchema,
  });
}

export function useProvisionDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: provisionDevice,
    onSuccess: (answer) => {
      queryClient.setQueryData(
        getReportingUrlQueryOptions(answer.lineOfServiceCode).queryKey,
        answer,
      );
      return queryClient.invalidateQueries({ queryKey: getDevicesQueryOptions().queryKey });
    },
  });
}
