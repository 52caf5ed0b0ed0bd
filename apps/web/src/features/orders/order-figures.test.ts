import { describe, expect, it } from 'vitest';

import { orderFigures, vehicleTitle } from './order-figures';
import { salaryRows } from './salary-summary';
import { buildOrder } from './test-support/factories';

describe('orderFigures (spec 2.6)', () => {
  it('computes the savings against the gross comparison cost', () => {
    const figures = orderFigures(buildOrder());
    expect(figures).toEqual({
      netRate: 427,
      comparisonCost: 759,
      savingsPercent: 44,
      savingsPerMonth: 332,
      listPrice: 57900,
    });
  });

  it('falls back to the tax result rate and answers 0 % against a zero comparison', () => {
    const order = buildOrder();
    const figures = orderFigures({
      ...order,
      leasePackage: { ...order.leasePackage, userPrice: null, grossComparisonCostEur: 0 },
    });
    expect(figures.netRate).toBe(426.78);
    expect(figures.savingsPercent).toBe(0);
    expect(figures.savingsPerMonth).toBe(-426.78);
  });

  it('has no rate and no savings without the employee tax data', () => {
    const order = buildOrder();
    const figures = orderFigures({
      ...order,
      taxResult: null,
      leasePackage: { ...order.leasePackage, userPrice: null },
    });
    expect(figures).toMatchObject({ netRate: null, savingsPercent: null, savingsPerMonth: null });
  });

  it('names the vehicle with the trim level when there is one', () => {
    expect(vehicleTitle({ brand: 'Kia', carModel: 'EV3', trimLevel: 'Earth' })).toBe('Kia EV3 Earth');
    expect(vehicleTitle({ brand: 'Kia', carModel: 'EV3', trimLevel: null })).toBe('Kia EV3');
    expect(vehicleTitle({ brand: 'Kia', carModel: 'EV3', trimLevel: ' ' })).toBe('Kia EV3');
  });
});

describe('salaryRows', () => {
  it('shows set values, the state by name, the factor only in tax class 4, conversions as a count', () => {
    const rows = salaryRows({
      federalState: 'BY',
      taxClass: 1,
      spouseFactor: 0.9,
      akb: false,
      grossMonthlySalaryEur: 5200,
      healthInsurance: 'PRIVATE',
      beitragPkv: null,
      churchTax: true,
      salaryConversions: [{ id: 'a' }, { id: 'b' }],
    });
    expect(rows).toEqual([
      { key: 'federalState', value: { kind: 'text', value: 'Bayern' } },
      { key: 'grossMonthlySalaryEur', value: { kind: 'money', value: 5200 } },
      { key: 'taxClass', value: { kind: 'number', value: 1 } },
      { key: 'churchTax', value: { kind: 'bool', value: true } },
      { key: 'healthInsurance', value: { kind: 'healthInsurance', value: 'PRIVATE' } },
      { key: 'salaryConversions', value: { kind: 'number', value: 2 } },
    ]);
    expect(salaryRows({ taxClass: 4, spouseFactor: 0.9 }).map((r) => r.key)).toEqual(['taxClass', 'spouseFactor']);
    expect(salaryRows({ akb: true, federalState: 'XX' })).toEqual([
      { key: 'federalState', value: { kind: 'text', value: 'XX' } },
      { key: 'akb', value: { kind: 'bool', value: true } },
    ]);
    // The per-trip reading of the commute only where it was chosen.
    expect(salaryRows({ arrivalNumber: 8, commuteSingleAssessment: true }).map((r) => r.key)).toEqual([
      'arrivalNumber',
      'commuteSingleAssessment',
    ]);
    expect(salaryRows({ arrivalNumber: 8, commuteSingleAssessment: false }).map((r) => r.key)).toEqual([
      'arrivalNumber',
    ]);
  });

  it('is empty without salary data (admins)', () => {
    expect(salaryRows(null)).toEqual([]);
  });
});
