import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export type PayrollFileFormat = 'csv' | 'datev';

/** The server's paths and file names (its Content-Disposition) of the two files of a month. */
const FILES: Record<PayrollFileFormat, { path: (month: string) => string; name: (month: string) => string }> = {
  csv: { path: (month) => `/v1/tenant/payroll/${month}.csv`, name: (month) => `Gehaltsumwandlung-${month}.csv` },
  datev: { path: (month) => `/v1/tenant/payroll/${month}/datev`, name: (month) => `LODAS-${month}.txt` },
};

/**
 * `GET /v1/tenant/payroll/{month}.csv` (Excel) or `/v1/tenant/payroll/{month}/datev` (DATEV LODAS):
 * fetched with the bearer token (a plain link could not send it), then saved as a download.
 */
export async function downloadPayroll({ month, format }: { month: string; format: PayrollFileFormat }): Promise<void> {
  const file = FILES[format];
  const blob = await apiClient.requestBlob(file.path(encodeURIComponent(month)));
  saveFile(blob, file.name(month));
}

export function useDownloadPayroll() {
  return useMutation({ mutationFn: downloadPayroll });
}
