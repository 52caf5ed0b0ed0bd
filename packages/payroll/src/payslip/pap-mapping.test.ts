import { describe, expect, it } from 'vitest';
import { altersentlastung } from './pap-mapping.js';
import { preparePayslipProfile } from './compare.js';
import { parseIsoDate } from './dates.js';
import { buildProfile, stubWageTax } from './test-support/factories.js';

function papInput(overrides: Parameters<typeof buildProfile>[0], date = '2026-03-01') {
  const wageTax = stubWageTax();
  preparePayslipProfile(buildProfile(overrides), date, { wageTax });
  return wageTax.calls[0]!;
}

describe('PAP input mapping', () => {
  it('maps a statutory, childless employee (2026)', () => {
    expect(papInput({})).toMatchObject({
      version: '2026',
      LZZ: 2,
      RE4: 500_000,
      STKL: 1,
      f: 1,
      ZKF: 0,
      R: 0,
      KRV: 0,
      ALV: 0,
      PKV: 0,
      PKPV: 0,
      PKPVAGZ: 0,
      KVZ: '2.90',
      PVS: 0,
      PVZ: 1,
      PVA: 0,
      LZZFREIB: 0,
      AJAHR: 0,
      ALTER1: 0,
    });
  });

  it('KRV/ALV = 1 without statutory pension/unemployment insurance; 2025 has no ALV', () => {
    expect(papInput({ pensionInsurance: false, unemploymentInsurance: false })).toMatchObject({ KRV: 1, ALV: 1 });
    expect(papInput({ pensionInsurance: false }, '2025-05-01')).not.toHaveProperty('ALV');
  });

  it('passes the factor only in tax class IV', () => {
    expect(papInput({ taxClass: 4, spouseFactor: 0.944 }).f).toBe(0.944);
    expect(papInput({ taxClass: 4, spouseFactor: 0 }).f).toBe(1);
    expect(papInput({ taxClass: 3, spouseFactor: 0.9 }).f).toBe(1);
  });

  it('maps children: ZKF, PVA (children 2..5 under 25), no PVZ for parents; PVS in Saxony', () => {
    expect(papInput({ children: true, childrenUnder25: 3, childrenAllowances: 1.5, federalState: 'SN' })).toMatchObject(
      {
        ZKF: '1.5',
        PVA: 2,
        PVZ: 0,
        PVS: 1,
      },
    );
    expect(papInput({ children: true, childrenUnder25: 6, childrenAllowances: 6 })).toMatchObject({
      ZKF: 6,
      PVA: 4,
    });
  });

  it('converts the annual Freibetrag to the month, rounded down to the cent', () => {
    // 1,000.00 / 12 = 83.333 → 83.33
    expect(papInput({ taxAllowance: 1000 }).LZZFREIB).toBe(8_333);
    expect(papInput({ taxAllowance: '12000' }).LZZFREIB).toBe(100_000);
  });

  it('passes the full Zusatzbeitrag with two decimals', () => {
    expect(papInput({ additionalAmountHealthInsurance: 2.45 }).KVZ).toBe('2.45');
    expect(papInput({ additionalAmountHealthInsurance: '1.7' }).KVZ).toBe('1.70');
    expect(papInput({ additionalAmountHealthInsurance: 3 }).KVZ).toBe(3);
  });
});

describe('Altersentlastungsbetrag (AJAHR / ALTER1)', () => {
  const at = (birth: string, year: number) => altersentlastung(parseIsoDate(birth, 'birth'), year);

  it('applies from the year after the 64th year of life was completed', () => {
    // Born 2.1.1961: completes the 64th year on 1.1.2025 → AJAHR 2026
    expect(at('1961-01-02', 2025)).toEqual({ ajahr: 2026, alter1: 0 });
    expect(at('1961-01-02', 2026)).toEqual({ ajahr: 2026, alter1: 1 });
    // Born 1.1.1961: completes it on 31.12.2024 → AJAHR 2025
    expect(at('1961-01-01', 2025)).toEqual({ ajahr: 2025, alter1: 1 });
    expect(at('1985-05-15', 2026)).toEqual({ ajahr: 2050, alter1: 0 });
  });

  it('passes AJAHR to the PAP only together with ALTER1 = 1', () => {
    expect(papInput({ dateOfBirth: '1960-07-10' })).toMatchObject({ AJAHR: 2025, ALTER1: 1 });
    expect(papInput({ dateOfBirth: '1962-07-10' })).toMatchObject({ AJAHR: 0, ALTER1: 0 });
  });
});
