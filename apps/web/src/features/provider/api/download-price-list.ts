import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** `GET /v1/provider/catalog/export.csv`: the live price list as a file (UTF-8 with BOM, `;`). */
export async function downloadPriceList(today: string): Promise<void> {
  const blob = await apiClient.requestBlob('/v1/provider/catalog/export.csv');
  saveFile(blob, `preisliste-${today}.csv`);
}

/** `GET /v1/provider/catalog/versions/{id}/file.csv`: the file a version was published from. */
export async function downloadVersionFile(versionId: number): Promise<void> {
  const blob = await apiClient.requestBlob(`/v1/provider/catalog/versions/${String(versionId)}/file.csv`);
  saveFile(blob, `preisliste-version-${String(versionId)}.csv`);
}

export function useDownloadPriceList() {
  return useMutation({ mutationFn: downloadPriceList });
}

export function useDownloadVersionFile() {
  return useMutation({ mutationFn: downloadVersionFile });
}
