import { useMutation } from '@tanstack/react-query';

import { ContractVerificationSchema, type ContractVerification } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** `POST /v1/contracts/verify`: the file itself as the body (`application/pdf`). */
export function verifyContract(file: File): Promise<ContractVerification> {
  return apiClient.request('/v1/contracts/verify', {
    method: 'POST',
    raw: { contentType: 'application/pdf', content: file },
    schema: ContractVerificationSchema,
  });
}

export function useVerifyContract() {
  return useMutation({ mutationFn: verifyContract });
}
