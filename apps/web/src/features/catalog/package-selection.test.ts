import { describe, expect, it } from 'vitest';

import {
  cheapest,
  durationOptions,
  initialPackage,
  kmOptions,
  packageForDuration,
  packageForKm,
  packageForTires,
  tiresOptions,
} from './package-selection';
import { buildPackage, buildPackageGrid } from './test-support/factories';

const describePkg = (p: { durationMonths: number; kmPerYear: number; tires: string } | undefined) =>
  p ? `${String(p.durationMonths)}/${String(p.kmPerYear)}/${p.tires}` : 'none';

describe('package selection (spec 4.3)', () => {
  it('preselects the package with the lowest net rate', () => {
    // The grid is cheapest at 48 months, 10,000 km, all-season.
    expect(describePkg(initialPackage(buildPackageGrid()))).toBe('48/10000/ALL_SEASON');
    const packages = [
      buildPackage({ userPrice: 400, kmPerYear: 10000 }),
      buildPackage({ userPrice: 380, kmPerYear: 20000 }),
      buildPackage({ userPrice: 390, kmPerYear: 15000 }),
    ];
    expect(initialPackage(packages)).toBe(packages[1]);
  });

  it('without net rates preselects the lowest km per year, then the lowest gross cost', () => {
    const packages = [
      buildPackage({ userPrice: null, kmPerYear: 15000, totalMonthlyGrossCostEur: 300 }),
      buildPackage({ userPrice: null, kmPerYear: 10000, totalMonthlyGrossCostEur: 520 }),
      buildPackage({ userPrice: null, kmPerYear: 10000, totalMonthlyGrossCostEur: 500 }),
    ];
    expect(initialPackage(packages)).toBe(packages[2]);
    expect(describePkg(initialPackage(buildPackageGrid({ personal: false })))).toBe('48/10000/ALL_SEASON');
  });

  it('prefers the API order among equal packages and returns nothing for no packages', () => {
    const a = buildPackage({ userPrice: 300 });
    const b = buildPackage({ userPrice: 300 });
    expect(cheapest([a, b])).toBe(a);
    expect(initialPackage([])).toBeUndefined();
  });

  it('changing the duration re-picks the cheapest package of that duration (km follow it)', () => {
    const grid = buildPackageGrid();
    expect(describePkg(packageForDuration(grid, 24))).toBe('24/10000/ALL_SEASON');
    // Even if a higher km package of that duration were cheaper, it would win: km are reset by the choice.
    const packages = [
      buildPackage({ durationMonths: 24, kmPerYear: 10000, userPrice: 410 }),
      buildPackage({ durationMonths: 24, kmPerYear: 15000, userPrice: 400 }),
      buildPackage({ durationMonths: 36, kmPerYear: 10000, userPrice: 300 }),
    ];
    expect(packageForDuration(packages, 24)).toBe(packages[1]);
    expect(packageForDuration(packages, 60)).toBeUndefined();
  });

  it('changing km per year picks the cheapest package of the current duration and that km', () => {
    const grid = buildPackageGrid();
    expect(describePkg(packageForKm(grid, 36, 15000))).toBe('36/15000/ALL_SEASON');
    expect(packageForKm(grid, 36, 30000)).toBeUndefined();
  });

  it('the tyres select picks the concrete package', () => {
    const grid = buildPackageGrid();
    const pkg = packageForTires(grid, 36, 15000, 'SUMMER_WINTER_SETS');
    expect(describePkg(pkg)).toBe('36/15000/SUMMER_WINTER_SETS');
  });

  it('offers durations, km and tyres that exist for the current choice', () => {
    const grid = buildPackageGrid().filter((p) => !(p.durationMonths === 24 && p.kmPerYear === 15000));
    grid.push(buildPackage({ durationMonths: 36, kmPerYear: 20000, tires: 'SUMMER_WINTER_SETS' }));
    expect(durationOptions(grid)).toEqual([24, 36, 48]);
    expect(kmOptions(grid, 24)).toEqual([10000]);
    expect(kmOptions(grid, 36)).toEqual([10000, 15000, 20000]);
    expect(tiresOptions(grid, 36, 10000)).toEqual(['ALL_SEASON', 'SUMMER_WINTER_SETS']);
    expect(tiresOptions(grid, 36, 20000)).toEqual(['SUMMER_WINTER_SETS']);
  });
});
