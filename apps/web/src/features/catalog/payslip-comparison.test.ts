import { describe, expect, it } from 'vitest';

import { moneyFlow } from './payslip-comparison';
import { buildTaxResult } from './test-support/factories';

describe('money flow', () => {
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
      employerSubsidy: 0,
    });
    expect(flow.netCost + flow.taxSaved + flow.socialSaved).toBeCloseTo(flow.grossRate, 2);
  });

  it("names the employer's subsidy as the part of the gross rate nobody converts", () => {
    const base = buildTaxResult();
    const flow = moneyFlow({
      ...base,
      salarySacrificeData: { ...base.salarySacrificeData, employerContribution: 50 },
    });
    expect(flow.employerSubsidy).toBe(50);
    expect(flow.grossRate).toBe(base.price);
  });
});
