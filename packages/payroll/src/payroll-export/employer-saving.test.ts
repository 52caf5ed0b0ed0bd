import { describe, expect, it } from 'vitest';

import { cents } from '../payslip/money.js';
import { employerSvSaving, type EmployerSvPerson } from './employer-saving.js';

const eur = (value: number) => cents(Math.round(value * 100));
const person: EmployerSvPerson = {
  statutoryHealth: true,
  kvZusatzPercent: 2.9,
  pensionInsurance: true,
  unemploymentInsurance: true,
  saxony: false,
};

describe('employer social-security saving', () => {
  it('is the employer rate (7.3 + 1.45 + 1.8 + 9.3 + 1.3 = 21.15 %) on the lower SV wage below the ceilings', () => {
    // 4,000 → 3,800 EUR: 200 EUR × 21.15 % = 42.30 EUR
    expect(employerSvSaving(person, '2026-04-01', eur(4_000), eur(3_800))).toBe(eur(42.3));
  });

  it('is nothing above both ceilings and only the RV/AV part between them', () => {
    expect(employerSvSaving(person, '2026-04-01', eur(12_000), eur(11_500))).toBe(0);
    // 2026: BBG KV 5,812.50, BBG RV 8,450 EUR per month: 8,000 → 7,800 saves RV + AV only: 200 × 10.6 %
    expect(employerSvSaving(person, '2026-04-01', eur(8_000), eur(7_800))).toBe(eur(21.2));
  });

  it('leaves out KV/PV for private insurance and answers null in the Übergangsbereich', () => {
    expect(employerSvSaving({ ...person, statutoryHealth: false }, '2026-04-01', eur(4_000), eur(3_800))).toBe(
      eur(21.2),
    );
    expect(employerSvSaving(person, '2026-04-01', eur(2_100), eur(1_900))).toBeNull();
  });
});
