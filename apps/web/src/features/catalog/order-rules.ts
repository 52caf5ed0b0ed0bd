import type { DeliveryOption, LeasePackage } from '@leasing/contract';

/**
 * Why an order cannot be sent yet (spec 4.3):
 * - `NO_USER_PRICE`: the package has no personal net rate, the salary data is missing: button disabled;
 * - `MISSING_OPTIONS`: package, colour or delivery not chosen: the button answers with a warning.
 */
export type OrderBlocker = 'NO_USER_PRICE' | 'MISSING_OPTIONS';

export interface OrderChoice {
  leasePackage: Pick<LeasePackage, 'id' | 'userPrice'> | null | undefined;
  color: string | null | undefined;
  delivery: DeliveryOption | null | undefined;
}

export function orderBlocker({ leasePackage, color, delivery }: OrderChoice): OrderBlocker | null {
  if (leasePackage && leasePackage.userPrice === null) return 'NO_USER_PRICE';
  if (!leasePackage || !color || !delivery) return 'MISSING_OPTIONS';
  return null;
}

/** The order button is disabled only for a package without a net rate. */
export function isOrderDisabled(choice: OrderChoice): boolean {
  return orderBlocker(choice) === 'NO_USER_PRICE';
}
