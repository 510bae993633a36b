import { useMutation } from '@tanstack/react-query';
import { authenticate } from '../../../lib/authenticate';

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
