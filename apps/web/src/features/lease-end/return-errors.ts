import type { FieldError } from '@leasing/contract';

/** What the return form asks for, as typed (empty strings until filled). */
export interface ReturnDraft {
  returnedOn: string;
  odometer: number | string;
  damages: { description: string; costEur: number | string }[];
}

/** The message keys under `leaseEnd.errors` (the provider namespace). */
export type ReturnErrorKey =
  | 'returnedOnRequired'
  | 'returnInFuture'
  | 'beforeHandover'
  | 'odometerRequired'
  | 'odometerNegative'
  | 'damageDescriptionRequired'
  | 'damageCostRequired'
  | 'invalid';

/** Field → message key. */
export type ReturnErrors = Record<string, ReturnErrorKey>;

/**
 * The return form's own checks before it asks the server, so the common slips get their field
 * error at once: no date, a date after today, no odometer reading, a damage without text or cost.
 * Fields are named like the server's (`damages.0.costEur`), so its answer lands on the same inputs.
 */
export function returnDraftErrors(draft: ReturnDraft, today: string): ReturnErrors {
  const errors: ReturnErrors = {};
  if (!draft.returnedOn) errors['returnedOn'] = 'returnedOnRequired';
  else if (draft.returnedOn > today) errors['returnedOn'] = 'returnInFuture';
  if (draft.odometer === '' || !Number.isFinite(Number(draft.odometer))) errors['odometerKm'] = 'odometerRequired';
  else if (Number(draft.odometer) < 0) errors['odometerKm'] = 'odometerNegative';
  draft.damages.forEach((damage, index) => {
    if (!damage.description.trim()) errors[`damages.${String(index)}.description`] = 'damageDescriptionRequired';
    if (damage.costEur === '' || Number(damage.costEur) < 0) errors[`damages.${String(index)}.costEur`] = 'damageCostRequired';
  });
  return errors;
}

/** The server's messages the form knows by name; anything else shows as "invalid". */
const SERVER_MESSAGES: Record<string, ReturnErrorKey> = {
  beforeHandover: 'beforeHandover',
  dateInFuture: 'returnInFuture',
  'min 0': 'odometerNegative',
};

/** The server's field errors (400) as the form's message keys. */
export function serverReturnErrors(errors: readonly FieldError[]): ReturnErrors {
  const out: ReturnErrors = {};
  for (const error of errors) out[error.field] = SERVER_MESSAGES[error.message] ?? 'invalid';
  return out;
}
