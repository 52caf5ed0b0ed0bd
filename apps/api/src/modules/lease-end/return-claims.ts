import { returnChargeOf, type ClaimStatus, type LeaseReturnRequest } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import { claimStatesOf } from '../claims/index.js';

/**
 * The return's damages that name a damage report (ADR 0056): the report must be the order's, and only
 * a rejected claim's damage is charged at the return. A claim the insurance covers (repair scheduled,
 * repaired, total loss) was settled during the lease, with its excess; an open one is decided first.
 */
export async function checkReturnDamageClaims(
  db: Database,
  orderId: number,
  damages: LeaseReturnRequest['damages'],
): Promise<void> {
  const named = damages.map((d, index) => ({ index, number: d.claimNumber ?? null }));
  const numbers = named.flatMap((d) => (d.number ? [d.number] : []));
  if (numbers.length === 0) return;
  const states = await claimStatesOf(db, orderId, numbers);
  const seen = new Set<string>();
  for (const { index, number } of named) {
    if (!number) continue;
    const field = `damages.${index}.claimNumber`;
    const status = states.get(number);
    if (!status)
      throw new AppError('VALIDATION_FAILED', `Die Schadenmeldung ${number} gehört nicht zu dieser Bestellung.`, {
        errors: [{ field, message: 'unknown' }],
      });
    if (seen.has(number))
      throw new AppError('VALIDATION_FAILED', `Die Schadenmeldung ${number} ist zweimal genannt.`, {
        errors: [{ field, message: 'duplicate' }],
      });
    seen.add(number);
    const refusal = refusalOf(number, status);
    if (refusal) throw conflict(refusal);
  }
}

function refusalOf(number: string, status: ClaimStatus): string | null {
  const charge = returnChargeOf(status);
  if (charge === 'CHARGEABLE') return null;
  if (charge === 'OPEN')
    return `Die Schadenmeldung ${number} ist noch offen: Bitte entscheiden Sie sie vor der Rückgabe.`;
  return `Der Schaden aus Meldung ${number} ist über die Versicherung abgewickelt und wird bei der Rückgabe nicht berechnet.`;
}
