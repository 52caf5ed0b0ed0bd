import { describe, expect, it } from 'vitest';

import { moneyFlow, taxRows } from './payslip-comparison';
import { buildTaxResult } from './test-support/factories';

describe('payslip comparison', () => {
  it('lists every field of both payslip blocks, the benefit rows and the net rate, in payslip order', () => {
    const rows = taxRows(buildTaxResult());
    expect(rows.map((r) => r.key)).toEqual([
      'brutto',
      'conversion',
      'vehicleTaxation',
      'commutingTaxation',
      'nonCashBenefit',
      'employerContribution',
      'adjustedGross',
      'lohnst',
      'soli',
      'kirchensteuer',
      'krankenversicherung',
      'pflegeversicherung',
      'rentenversicherung',
      'arbeitslosenversicherung',
      'arbeitskammerbeitrag',
      'arbeitgeberzuschussPKV',
      'arbeitgeberzuschussPV',
      'takeHome',
      'netRate',
    ]);
    expect(rows.find((r) => r.key === 'conversion')).toMatchObject({ before: 0, after: 492.36 });
    expect(rows.find((r) => r.key === 'takeHome')).toMatchObject({ before: 3156.5, after: 2834.16, emphasis: true });
    expect(rows.find((r) => r.key === 'netRate')).toMatchObject({ before: 0, after: 322.34 });
  });

  it('splits the gross rate into net cost, tax saved and social insurance saved', () => {
    const flow = moneyFlow(buildTaxResult());
    expect(flow).toEqual({
      takeHomeBefore: 3156.5,
      takeHomeAfter: 2834.16,
      grossRate: 492.36,
      netCost: 322.34,
      taxSaved: 98.1,
      socialSaved: 71.92,
      benefitTaxed: 161.7,
    });
    expect(flow.netCost + flow.taxSaved + flow.socialSaved).toBeCloseTo(flow.grossRate, 2);
  });
});
