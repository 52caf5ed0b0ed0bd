import type { PayrollRow } from '@leasing/contract';

/**
 * The month's lease-end settlements summed in cents (ADR 0037): positive, the employees owe that
 * much net; negative, that much is paid out. Null when no car came back this month.
 */
export function settlementTotalEur(rows: readonly Pick<PayrollRow, 'settlementEur'>[]): number | null {
  const settled = rows.filter((row) => row.settlementEur !== undefined);
  if (settled.length === 0) return null;
  return settled.reduce((cents, row) => cents + Math.round((row.settlementEur ?? 0) * 100), 0) / 100;
}
