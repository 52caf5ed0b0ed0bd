import { saveDownload, useDownloadWithProgress, type ProgressListener } from '../../../lib/download-with-progress';

/** `GET /v1/provider/catalog/export.csv`: the live price list as a file (UTF-8 with BOM, `;`). */
export function downloadPriceList(today: string, onProgress?: ProgressListener): Promise<void> {
  return saveDownload('/v1/provider/catalog/export.csv', `preisliste-${today}.csv`, { onProgress });
}

/** `GET /v1/provider/catalog/versions/{id}/file.csv`: the file a version was published from. */
export function downloadVersionFile(versionId: number, onProgress?: ProgressListener): Promise<void> {
  return saveDownload(
    `/v1/provider/catalog/versions/${String(versionId)}/file.csv`,
    `preisliste-version-${String(versionId)}.csv`,
    { onProgress },
  );
}

/** The downloads as mutations with their `progress` (lib/download-with-progress). */
export function useDownloadPriceList() {
  return useDownloadWithProgress(downloadPriceList);
}

export function useDownloadVersionFile() {
  return useDownloadWithProgress(downloadVersionFile);
}
