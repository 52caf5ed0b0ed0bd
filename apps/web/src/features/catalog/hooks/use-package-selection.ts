import { useState } from 'react';

import type { DeliveryOption, Tires, Vehicle, VehicleLeasePackage } from '@leasing/contract';

import {
  durationOptions,
  initialPackage,
  kmOptions,
  packageForDuration,
  packageForKm,
  packageForTires,
  tiresOptions,
} from '../package-selection';

export interface PackageSelection {
  leasePackage: VehicleLeasePackage | null;
  color: string | null;
  delivery: DeliveryOption | null;
  durations: number[];
  kms: number[];
  tires: Tires[];
  selectDuration: (durationMonths: number) => void;
  selectKm: (kmPerYear: number) => void;
  selectTires: (tires: Tires) => void;
  selectColor: (color: string) => void;
  selectDelivery: (delivery: DeliveryOption) => void;
}

/**
 * The vehicle page's choice (spec 4.3). The selected package is the state; duration, km and tyres are
 * read from it. On load: the cheapest package, the first colour and the first delivery option.
 * Mount it once per vehicle (`key={vehicle.id}`).
 */
export function usePackageSelection(vehicle: Vehicle): PackageSelection {
  const packages = vehicle.leasePackages;
  const [packageId, setPackageId] = useState<string | null>(() => initialPackage(packages)?.id ?? null);
  const [color, setColor] = useState<string | null>(() => vehicle.colors[0] ?? null);
  const [delivery, setDelivery] = useState<DeliveryOption | null>(() => vehicle.deliveryOptions[0] ?? null);

  // A refetch may bring other packages: fall back to the cheapest one instead of showing none.
  const leasePackage = packages.find((p) => p.id === packageId) ?? initialPackage(packages) ?? null;
  const pick = (next: VehicleLeasePackage | undefined) => {
    if (next) setPackageId(next.id);
  };

  return {
    leasePackage,
    color,
    delivery,
    durations: durationOptions(packages),
    kms: leasePackage ? kmOptions(packages, leasePackage.durationMonths) : [],
    tires: leasePackage ? tiresOptions(packages, leasePackage.durationMonths, leasePackage.kmPerYear) : [],
    selectDuration: (durationMonths) => {
      pick(packageForDuration(packages, durationMonths));
    },
    selectKm: (kmPerYear) => {
      if (leasePackage) pick(packageForKm(packages, leasePackage.durationMonths, kmPerYear));
    },
    selectTires: (tires) => {
      if (leasePackage) pick(packageForTires(packages, leasePackage.durationMonths, leasePackage.kmPerYear, tires));
    },
    selectColor: setColor,
    selectDelivery: setDelivery,
  };
}
