import { describe, expect, it } from 'vitest';
import { calculatePayslipComparison, compareOffer, preparePayslipProfile } from './compare.js';
import { PayslipError } from './errors.js';
import { buildOffer, buildProfile, stubWageTax } from './test-support/factories.js';

/**
 * Plumbing tests with a stand-in wage tax (25 % above 1,200 EUR, BK = tax), so that the
 * arithmetic around the PAP can be checked by hand. The PAP itself is exercised in
 * worked-examples.test.ts.
 */
const DATE = '2026-03-01';

describe('before/after payslips around a stand-in wage tax', () => {
  it('computes the worked arithmetic of a simple case', () => {
    const wageTax = stubWageTax();
    const result = calculatePayslipComparison(buildProfile(), buildOffer(), DATE, { wageTax });
    // before: RE4 5,000; tax (5,000 − 1,200) / 4 = 950.00; KV 5,000 × 8.75 % = 437.50;
    // PV 5,000 × 2.4 % = 120.00; RV 465.00; AV 65.00 → takeHome 5,000 − 2,037.50 = 2,962.50
    expect(result.before).toMatchObject({
      brutto: 500_000,
      adjustedGross: 500_000,
      lohnst: 95_000,
      krankenversicherung: 43_750,
      pflegeversicherung: 12_000,
      rentenversicherung: 46_500,
      arbeitslosenversicherung: 6_500,
      takeHome: 296_250,
    });
    // after: BEV 44,000 → base 11,000 → benefit 110.00; RE4 = 5,000 − 500 + 110 = 4,610
    // tax 852.50; KV 403.38 (4,610 × 7.3 % = 336.53 + × 1.45 % = 66.845 → 66.85); PV 110.64; RV 428.73; AV 59.93
    expect(result.after).toMatchObject({ adjustedGross: 461_000, lohnst: 85_250, krankenversicherung: 33_653 + 6_685 });
    expect(result.after.pflegeversicherung).toBe(11_064);
    expect(result.after.rentenversicherung).toBe(42_873);
    expect(result.after.arbeitslosenversicherung).toBe(5_993);
    // takeHome = 5,000 − 500 − 852.50 − 403.38 − 110.64 − 428.73 − 59.93 = 2,644.82
    expect(result.after.takeHome).toBe(264_482);
    expect(result.userPrice).toBe(296_250 - 264_482);
    expect(result.price).toBe(50_000);
    expect(result.salarySacrificeData).toEqual({
      monthlyNetLeasing: 31_768,
      vehicleTaxation: 11_000,
      commutingTaxation: 0,
      employerContribution: 0,
      nonCashBenefit: 11_000,
    });
    expect(wageTax.calls.map((c) => c.RE4)).toEqual([500_000, 461_000]);
  });

  it('converts only the rate minus the employer contribution', () => {
    const result = calculatePayslipComparison(buildProfile(), buildOffer({ employerContributionCents: 10_000 }), DATE, {
      wageTax: stubWageTax(),
    });
    // 5,000 − 400 + 110 = 4,710
    expect(result.after.adjustedGross).toBe(471_000);
    expect(result.companyCar.convertedGross).toBe(40_000);
    expect(result.salarySacrificeData.employerContribution).toBe(10_000);
  });

  it('keeps the before payslip independent of the offer', () => {
    const prepared = preparePayslipProfile(buildProfile(), DATE, { wageTax: stubWageTax() });
    const a = compareOffer(prepared, buildOffer());
    const b = compareOffer(prepared, buildOffer({ listPriceGrossCents: 9_000_000, monthlyGrossRateCents: 120_000 }));
    expect(a.before).toBe(b.before);
    expect(a.before).toEqual(prepared.before.block);
  });
});

describe('church tax', () => {
  const kist = (federalState: 'BW' | 'BY' | 'NW' | 'SN', churchTax: boolean) =>
    calculatePayslipComparison(buildProfile({ federalState, churchTax }), buildOffer(), DATE, {
      wageTax: stubWageTax(),
    }).before.kirchensteuer;

  it('is 8 % of BK in BW and BY, 9 % elsewhere, rounded down', () => {
    // stand-in BK = 950.00: 8 % = 76.00, 9 % = 85.50
    expect([kist('BW', true), kist('BY', true), kist('NW', true), kist('SN', true)]).toEqual([
      7_600, 7_600, 8_550, 8_550,
    ]);
  });

  it('is 0 without church membership', () => {
    expect(kist('NW', false)).toBe(0);
  });

  it('passes R to the PAP', () => {
    const wageTax = stubWageTax();
    preparePayslipProfile(buildProfile({ churchTax: true }), DATE, { wageTax });
    expect(wageTax.calls[0]?.R).toBe(1);
  });
});

describe('Arbeitskammer only in Bremen and Saarland', () => {
  const ak = (federalState: 'HB' | 'SL' | 'NW' | 'NI', akb: boolean) =>
    calculatePayslipComparison(buildProfile({ federalState, akb }), buildOffer(), DATE, { wageTax: stubWageTax() });

  it('Bremen 2026: 0.11 % of the taxable wage', () => {
    const r = ak('HB', true);
    // before 5,000 × 0.11 % = 5.50; after 4,610 × 0.11 % = 5.071 → 5.07
    expect([r.before.arbeitskammerbeitrag, r.after.arbeitskammerbeitrag]).toEqual([550, 507]);
  });

  it('Saarland: 0.15 % of the SV wage', () => {
    const r = ak('SL', true);
    // 5,000 × 0.15 % = 7.50; 4,610 × 0.15 % = 6.915 → 6.91
    expect([r.before.arbeitskammerbeitrag, r.after.arbeitskammerbeitrag]).toEqual([750, 691]);
  });

  it('is 0 elsewhere even with akb, and 0 in HB/SL without akb', () => {
    expect(ak('NW', true).before.arbeitskammerbeitrag).toBe(0);
    expect(ak('NI', true).before.arbeitskammerbeitrag).toBe(0);
    expect(ak('HB', false).before.arbeitskammerbeitrag).toBe(0);
    expect(ak('SL', false).before.arbeitskammerbeitrag).toBe(0);
  });
});

describe('private health insurance', () => {
  const pkvProfile = buildProfile({
    grossMonthlySalaryEur: 8_000,
    healthInsurance: 'PRIVATE',
    basicRateHealthInsurance: null,
    additionalAmountHealthInsurance: null,
    arbeitgeberzuschuss: true,
    beitragPkv: 600,
    beitragPv: 80,
    basisbeitragSteuerrelevant: 550,
  });

  it('deducts the premiums and pays out the subsidies', () => {
    const r = calculatePayslipComparison(pkvProfile, buildOffer(), DATE, { wageTax: stubWageTax() });
    expect(r.before).toMatchObject({
      krankenversicherung: 60_000,
      pflegeversicherung: 8_000,
      arbeitgeberzuschussPKV: 30_000,
      arbeitgeberzuschussPV: 4_000,
    });
    // takeHome = 8,000 − tax 1,700 − PKV 600 − PV 80 − RV 8,000 × 9.3 % = 744 − AV 104 + 300 + 40 = 5,112.00
    expect(r.before.takeHome).toBe(511_200);
  });

  it('maps PKV, PKPV and PKPVAGZ (2026) and PKV = 2 (2025)', () => {
    const w26 = stubWageTax();
    preparePayslipProfile(pkvProfile, DATE, { wageTax: w26 });
    expect(w26.calls[0]).toMatchObject({ PKV: 1, PKPV: 55_000, PKPVAGZ: 34_000, KVZ: 0, ALV: 0 });
    const w25 = stubWageTax();
    preparePayslipProfile(pkvProfile, '2025-03-01', { wageTax: w25 });
    expect(w25.calls[0]).toMatchObject({ PKV: 2, PKPV: 55_000 });
    expect(w25.calls[0]).not.toHaveProperty('PKPVAGZ');
    expect(w25.calls[0]).not.toHaveProperty('ALV');
  });

  it('without subsidy: PKV = 1 in 2025, no subsidy paid', () => {
    const w = stubWageTax();
    const prepared = preparePayslipProfile({ ...pkvProfile, arbeitgeberzuschuss: false }, '2025-03-01', { wageTax: w });
    expect(w.calls[0]?.PKV).toBe(1);
    expect(prepared.before.block.arbeitgeberzuschussPKV).toBe(0);
  });

  it('warns when the conversion drops the wage below the Versicherungspflichtgrenze', () => {
    const r = calculatePayslipComparison(
      { ...pkvProfile, grossMonthlySalaryEur: 6_500 },
      buildOffer({ monthlyGrossRateCents: 60_000 }),
      DATE,
      { wageTax: stubWageTax() },
    );
    // 6,500 − 600 + 110 = 6,010 < 6,450
    expect(r.benefitImpact.versicherungspflichtgrenzeUnterschritten).toBe(true);
  });
});

describe('existing conversions', () => {
  it('bike under 25 km/h: rate leaves gross, private benefit is taxed and SV-liable', () => {
    const r = calculatePayslipComparison(
      buildProfile({
        salaryConversions: [
          { id: 1, conversationType: 'BIKE_LEASING_UNDER_25', leasingRate: 80, monetaryBenefitPrivateUse: 10.5 },
        ],
      }),
      buildOffer(),
      DATE,
      { wageTax: stubWageTax() },
    );
    // 5,000 − 80 + 10.50 = 4,930.50 for tax and SV
    expect(r.bases.before).toMatchObject({ taxableWage: 493_050, svWage: 493_050, cashConversions: 8_000 });
    expect(r.salarySacrificeBefore.vehicleTaxation).toBe(1_050);
    expect(r.salarySacrificeBefore.commutingTaxation).toBe(0);
    expect(r.salarySacrificeBefore.monthlyNetLeasing).toBeGreaterThan(0);
    expect(r.salarySacrificeBefore.monthlyNetLeasing).toBeLessThan(8_000);
  });

  it('S-Pedelec adds its commuting benefit', () => {
    const r = calculatePayslipComparison(
      buildProfile({
        salaryConversions: [
          {
            conversationType: 'BIKE_LEASING_OVER_25',
            leasingRate: '120.00',
            monetaryBenefitPrivateUse: '15.00',
            monetaryBenefitCommuteToWork: '4.50',
          },
        ],
      }),
      buildOffer(),
      DATE,
      { wageTax: stubWageTax() },
    );
    expect(r.bases.before.taxableWage).toBe(500_000 - 12_000 + 1_500 + 450);
    expect(r.salarySacrificeBefore.nonCashBenefit).toBe(1_950);
  });

  it('hardware: tax-free conversion, SV wage unchanged', () => {
    const r = calculatePayslipComparison(
      buildProfile({ salaryConversions: [{ conversationType: 'HARDWARE_LEASING', salaryConversionAmount: 45 }] }),
      buildOffer(),
      DATE,
      { wageTax: stubWageTax() },
    );
    expect(r.bases.before).toMatchObject({ taxableWage: 495_500, svWage: 500_000, cashConversions: 4_500 });
  });

  it('bAV: tax-free up to 8 %, SV-free up to 4 % of the BBG RV (2026: 676 / 338 EUR)', () => {
    const r = calculatePayslipComparison(
      buildProfile({
        companyPensionPlan: 300,
        salaryConversions: [{ conversationType: 'COMPANY_PENSION_PLAN', salaryConversionAmount: 400 }],
      }),
      buildOffer(),
      DATE,
      { wageTax: stubWageTax() },
    );
    // 700 converted: taxable 5,000 − 676 = 4,324; SV 5,000 − 338 = 4,662
    expect(r.bases.before).toMatchObject({ taxableWage: 432_400, svWage: 466_200, cashConversions: 70_000 });
    // bAV is no leasing: nothing in salarySacrificeBefore
    expect(r.salarySacrificeBefore.monthlyNetLeasing).toBe(0);
  });
});

describe('refusals', () => {
  it('refuses a Minijob salary', () => {
    expect(() =>
      calculatePayslipComparison(buildProfile({ grossMonthlySalaryEur: 603 }), buildOffer(), DATE, {
        wageTax: stubWageTax(),
      }),
    ).toThrow(/Minijobs ist keine Gehaltsumwandlung möglich/);
  });

  it('refuses a conversion above the gross salary', () => {
    expect(() =>
      calculatePayslipComparison(
        buildProfile({ grossMonthlySalaryEur: 900 }),
        buildOffer({ monthlyGrossRateCents: 95_000 }),
        DATE,
        {
          wageTax: stubWageTax(),
        },
      ),
    ).toThrow(PayslipError);
  });

  it('refuses a conversion that leaves a Minijob wage', () => {
    try {
      calculatePayslipComparison(
        buildProfile({ grossMonthlySalaryEur: 1_000 }),
        buildOffer({ monthlyGrossRateCents: 60_000 }),
        DATE,
        {
          wageTax: stubWageTax(),
        },
      );
      expect.unreachable();
    } catch (error) {
      expect((error as PayslipError).code).toBe('MINIJOB_NOT_SUPPORTED');
    }
  });

  it('refuses invalid input with German messages', () => {
    const run = (profile: Parameters<typeof buildProfile>[0]) => () =>
      preparePayslipProfile(buildProfile(profile), DATE, { wageTax: stubWageTax() });
    expect(run({ grossMonthlySalaryEur: 0 })).toThrow(/Mindestwert/);
    expect(run({ grossMonthlySalaryEur: 200_000.01 })).toThrow(/Höchstwert/);
    expect(run({ grossMonthlySalaryEur: 1234.567 })).toThrow(/Nachkommastellen/);
    expect(run({ taxClass: 7 })).toThrow(/Steuerklasse/);
    expect(run({ childrenAllowances: 0.3 })).toThrow(/Schritten von 0,5/);
    expect(run({ additionalAmountHealthInsurance: 5 })).toThrow(/0 bis 4.5/);
    expect(run({ dateOfBirth: '1985-02-30' })).toThrow(/kein gültiges Datum/);
    expect(run({ federalState: 'XX' as 'NW' })).toThrow(/Bundesland/);
    expect(() => preparePayslipProfile(buildProfile(), '2024-12-01', { wageTax: stubWageTax() })).toThrow(
      /Sozialversicherungswerte und der Lohnsteuer-Programmablaufplan des BMF nicht hinterlegt/,
    );
  });
});

describe("the commute by the profile's choice", () => {
  // BEV for 44,000 EUR: base 11,000 EUR. 18 km, 20 office days a month.
  const profile = (commuteSingleAssessment: boolean | null) =>
    preparePayslipProfile(buildProfile({ arrivalKilometers: 18, arrivalNumber: 20, commuteSingleAssessment }), DATE, {
      wageTax: stubWageTax(),
    });

  it('takes 0.03 % × km a month unless the profile chooses the per-trip reading', () => {
    for (const choice of [false, null]) {
      const result = compareOffer(profile(choice), buildOffer({ useSingleAssessment: null }));
      expect(result.companyCar.commutingMethod).toBe('PAUSCHAL_0_03');
      // 11,000 × 0.03 % × 18 = 59.40 EUR.
      expect(result.salarySacrificeData.commutingTaxation).toBe(5_940);
    }
  });

  it('takes 0.002 % × km per trip, at most 15 trips a month (180 a year), when the profile says so', () => {
    const result = compareOffer(profile(true), buildOffer({ useSingleAssessment: null }));
    expect(result.companyCar.commutingMethod).toBe('EINZELBEWERTUNG_0_002');
    expect(result.companyCar.commutingDaysValued).toBe(15);
    // 11,000 × 0.002 % × 18 × 15 = 59.40 EUR: at the cap both readings meet; below it the trips count.
    expect(result.salarySacrificeData.commutingTaxation).toBe(5_940);
    const eight = preparePayslipProfile(
      buildProfile({ arrivalKilometers: 18, arrivalNumber: 8, commuteSingleAssessment: true }),
      DATE,
      { wageTax: stubWageTax() },
    );
    // 11,000 × 0.002 % × 18 × 8 = 31.68 EUR.
    expect(compareOffer(eight, buildOffer({ useSingleAssessment: null })).salarySacrificeData.commutingTaxation).toBe(
      3_168,
    );
  });

  it("lets an offer's explicit choice override the profile's", () => {
    const result = compareOffer(profile(true), buildOffer({ useSingleAssessment: false }));
    expect(result.companyCar.commutingMethod).toBe('PAUSCHAL_0_03');
    expect(compareOffer(profile(false), buildOffer({ useSingleAssessment: true })).companyCar.commutingMethod).toBe(
      'EINZELBEWERTUNG_0_002',
    );
  });
});
