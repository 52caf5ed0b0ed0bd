import { saveDownload, useDownloadWithProgress, type ProgressListener } from '../../../lib/download-with-progress';

export type PayrollFileFormat = 'csv' | 'datev';

/** The server's paths and file names (its Content-Disposition) of the two files of a month. */
const FILES: Record<PayrollFileFormat, { path: (month: string) => string; name: (month: string) => string }> = {
  csv: { path: (month) => `/v1/tenant/payroll/${month}.csv`, name: (month) => `Gehaltsumwandlung-${month}.csv` },
  datev: { path: (month) => `/v1/tenant/payroll/${month}/datev`, name: (month) => `LODAS-${month}.txt` },
};

/**
 * `GET /v1/tenant/payroll/{month}.csv` (Excel) or `/v1/tenant/payroll/{month}/datev` (DATEV LODAS):
 * fetched with the bearer token (a plain link could not send it), then saved as a download; the bytes
 * received go to `onProgress`.
 */
export function downloadPayroll(
  { month, format }: { month: string; format: PayrollFileFormat },
  onProgress?: ProgressListener,
): Promise<void> {
  const file = FILES[format];
  return saveDownload(file.path(encodeURIComponent(month)), file.name(month), { onProgress });
}

/** The download as a mutation with its `progress` (lib/download-with-progress). */
export function useDownloadPayroll() {
  return useDownloadWithProgress(downloadPayroll);
}
