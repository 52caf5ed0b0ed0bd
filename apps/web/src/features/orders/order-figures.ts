import type { Order } from '@leasing/contract';

/**
 * Figures of the order preview (spec 2.6) from the frozen snapshot: the employee's net monthly rate,
 * and the savings against the private-leasing comparison cost (spec 9: savings are computed against
 * the gross comparison cost).
 */
export interface OrderFigures {
  /** Net monthly rate; null for viewers without the employee's tax data. */
  netRate: number | null;
  comparisonCost: number;
  /** Savings in whole percent of the comparison cost; null without a net rate; 0 when the comparison is 0. */
  savingsPercent: number | null;
  /** Savings in EUR per month; null without a net rate. */
  savingsPerMonth: number | null;
  listPrice: number;
}

export function orderFigures(order: Pick<Order, 'leasePackage' | 'taxResult' | 'vehicle'>): OrderFigures {
  const netRate = order.leasePackage.userPrice ?? order.taxResult?.userPrice ?? null;
  const comparisonCost = order.leasePackage.grossComparisonCostEur;
  const savingsPerMonth = netRate === null ? null : Math.round((comparisonCost - netRate) * 100) / 100;
  const savingsPercent =
    netRate === null
      ? null
      : comparisonCost === 0
        ? 0
        : Math.round(((comparisonCost - netRate) / comparisonCost) * 100);
  return { netRate, comparisonCost, savingsPercent, savingsPerMonth, listPrice: order.vehicle.listPrice };
}

/** `Kia EV3 Earth` or `Kia EV3` when there is no trim level. */
export function vehicleTitle(vehicle: Pick<Order['vehicle'], 'brand' | 'carModel' | 'trimLevel'>): string {
  return [vehicle.brand, vehicle.carModel, vehicle.trimLevel].filter((part) => part && part.trim() !== '').join(' ');
}
