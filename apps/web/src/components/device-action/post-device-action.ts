import { apiPaths, type DeviceCommand, deviceActionResponseSchema } from '@linesight/contract';
import { useMutation } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { apiRequest } from '../../lib/api-client';

/** Queues a command for the line's gateway; answers its messageId. */
export async function postDeviceAction(losCode: string, command: DeviceCommand): Promise<string> {
  const response = await apiRequest(generatePath(apiPaths.deviceActionRequest, { losCode }), {
    method: 'POST',
    body: command,
    schema: deviceActionResponseSchema,
  });
  return response.data;
}

export function usePostDeviceAction(losCode: string) {
  return useMutation({
    mutationFn: (command: DeviceCommand) => postDeviceAction(losCode, command),
  });
}
