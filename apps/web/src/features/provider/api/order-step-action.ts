import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminStepAction } from '../../admin/api/admin-step-action';
import { adminQueryKey } from '../../admin/api/keys';
import { providerQueryKey } from './keys';

/**
 * A step action from the back office's order drawer (`PUT /v1/order/{id}/step/{stepId}/accept|decline`:
 * ordered from the manufacturer, declined, handed over). Success or conflict, both the pipeline and the
 * order's detail are out of date afterwards.
 */
export function useOrderStepAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminStepAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
