import type { DeliveryOption, LeasePackage, PolicyVerdict } from '@leasing/contract';

/**
 * Why an order cannot be sent yet (spec 4.3):
 * - `NO_USER_PRICE`: the package has no personal net rate, the salary data is missing: button disabled;
 * - `POLICY_REFUSED`: the employer's programme refuses this package (rate cap, minimum gross pay after
 *   the conversion, …), as the verdict with its tax result says: button disabled, the reasons shown;
 * - `MISSING_OPTIONS`: package, colour or delivery not chosen: the button answers with a warning.
 */
export type OrderBlocker = 'NO_USER_PRICE' | 'POLICY_REFUSED' | 'MISSING_OPTIONS';

export interface OrderChoice {
  leasePackage: Pick<LeasePackage, 'id' | 'userPrice'> | null | undefined;
  color: string | null | undefined;
  delivery: DeliveryOption | null | undefined;
  /** The programme's verdict on this package, once its tax result is loaded (unknown: the server decides). */
  policy?: PolicyVerdict | null | undefined;
}

export function orderBlocker({ leasePackage, color, delivery, policy }: OrderChoice): OrderBlocker | null {
  if (leasePackage && leasePackage.userPrice === null) return 'NO_USER_PRICE';
  if (leasePackage && policy && !policy.orderable) return 'POLICY_REFUSED';
  if (!leasePackage || !color || !delivery) return 'MISSING_OPTIONS';
  return null;
}

/** The order button is disabled for a package without a net rate and for one the programme refuses. */
export function isOrderDisabled(choice: OrderChoice): boolean {
  const blocker = orderBlocker(choice);
  return blocker === 'NO_USER_PRICE' || blocker === 'POLICY_REFUSED';
}
