import type { PayrollSettings } from '@leasing/contract';

import type { PayrollRun } from './payroll.js';
import {
  hasPersonnelNumber,
  lodasSkippedLine,
  payrollCsvHeader,
  payrollCsvLine,
  payrollCsvTotalsLine,
  payrollLodasHeader,
  payrollLodasLines,
} from './payroll-files.js';

/**
 * The payroll export's three files written a batch at a time (ADR 0041): each yields one chunk per
 * batch of rows, so no more than a batch is held as rows or as text. The bytes are those of
 * `PayrollExportSchema` as JSON, `payrollCsv` and `payrollLodas` for the same rows.
 */

/**
 * The JSON export: `{"month","rows":[…],"totals":{…}}`. The contract puts the totals after the rows,
 * which is what makes them sums of what was written.
 */
export async function* payrollJsonChunks(run: PayrollRun): AsyncGenerator<string> {
  yield `{"month":${JSON.stringify(run.month)},"rows":[`;
  let first = true;
  for await (const rows of run.batches()) {
    yield (first ? '' : ',') + rows.map((row) => JSON.stringify(row)).join(',');
    first = false;
  }
  yield `],"totals":${JSON.stringify(run.totals())}}`;
}

/** The CSV for Excel (`payrollCsv`): BOM and header, the rows, the totals line. */
export async function* payrollCsvChunks(run: PayrollRun): AsyncGenerator<string> {
  yield payrollCsvHeader();
  for await (const rows of run.batches()) yield rows.map((row) => payrollCsvLine(row, run.month)).join('');
  yield payrollCsvTotalsLine(run.month, run.totals());
}

/** The DATEV LODAS file (`payrollLodas`): the rows without a personnel number are listed at the end. */
export async function* payrollLodasChunks(run: PayrollRun, settings: PayrollSettings): AsyncGenerator<string> {
  yield payrollLodasHeader(run.month, settings);
  const skipped: number[] = [];
  for await (const rows of run.batches()) {
    for (const row of rows) if (!hasPersonnelNumber(row)) skipped.push(row.orderId);
    yield rows.map((row) => payrollLodasLines(row, run.month, settings)).join('');
  }
  yield skipped.map(lodasSkippedLine).join('');
}
