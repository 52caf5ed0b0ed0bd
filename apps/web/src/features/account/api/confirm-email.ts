import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/**
 * `POST /v1/confirm/email/code/{code}`: confirms a registration address or an address change (204).
 * The code is single use, so the screen calls this exactly once.
 */
export async function confirmEmail(code: string): Promise<void> {
  await apiClient.request(`/v1/confirm/email/code/${encodeURIComponent(code)}`, {
    method: 'POST',
    handleAuthErrors: false,
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
