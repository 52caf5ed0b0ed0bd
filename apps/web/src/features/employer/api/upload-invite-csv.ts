import { useMutation, useQueryClient } from '@tanstack/react-query';

import { BulkInviteResultSchema, type BulkInviteResult } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** The server reads at most 1 MiB of CSV (about 500 people with room to spare). */
export const INVITE_CSV_MAX_BYTES = 1_048_576;

/**
 * `POST /v1/tenant/invites` as `text/csv` (header Vorname;Nachname;E-Mail;Personalnummer): the file is
 * sent as it is and parsed by the server; errors name the line in the file (the header is line 1).
 */
export function uploadInviteCsv(file: Blob): Promise<BulkInviteResult> {
  return apiClient.request('/v1/tenant/invites', {
    method: 'POST',
    raw: { contentType: 'text/csv', content: file },
    schema: BulkInviteResultSchema,
  });
}

export function useUploadInviteCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadInviteCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerQueryKey }),
  });
}
