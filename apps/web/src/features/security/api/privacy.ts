import { useMutation } from '@tanstack/react-query';

import { dataExportFileName, type DeleteAccountRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * `GET /v1/user/export`: everything the platform holds about the signed-in person, saved as
 * `meine-daten-YYYY-MM-DD.json`. Fetched with the bearer token (a plain link could not send it), then
 * handed to the browser as a download.
 */
export async function downloadMyData(): Promise<void> {
  const blob = await apiClient.requestBlob('/v1/user/export');
  saveFile(blob, dataExportFileName(new Date()));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** `DELETE /v1/user` with the current password (step-up): erases the account; answers 204. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiClient.request('/v1/user', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
