import { useMutation } from '@tanstack/react-query';

import { dataExportFileName, type DeleteAccountRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { saveDownload, useDownloadWithProgress, type ProgressListener } from '../../../lib/download-with-progress';

/**
 * `GET /v1/user/export`: everything the platform holds about the signed-in person, saved as
 * `meine-daten-YYYY-MM-DD.json`. Fetched with the bearer token (a plain link could not send it), then
 * handed to the browser as a download; the bytes received go to `onProgress`.
 */
export function downloadMyData(onProgress?: ProgressListener): Promise<void> {
  return saveDownload('/v1/user/export', dataExportFileName(new Date()), { onProgress });
}

/** The export as a mutation with its `progress` (lib/download-with-progress). */
export function useDownloadMyData() {
  return useDownloadWithProgress((_, onProgress) => downloadMyData(onProgress));
}

/** `DELETE /v1/user` with the current password (step-up): erases the account; answers 204. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiClient.request('/v1/user', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
