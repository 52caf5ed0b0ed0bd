import type { PayrollExport } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { DEFAULT_PAYROLL_SETTINGS, payrollCsv, payrollLodas } from './payroll-files.js';

const data: PayrollExport = {
  month: '2026-04',
  rows: [
    {
      employeeId: '4711',
      name: 'Max Mustermann',
      orderId: 7,
      grossConversionEur: 400,
      employerContributionEur: 50,
      benefitPrivateUseEur: 112,
      benefitCommuteEur: 67.2,
      benefitRule: '0,25 %',
      commutingMethod: 'PAUSCHAL_0_03',
      endDate: null,
      change: 'NEW',
    },
    {
      employeeId: null,
      name: '=HYPERLINK("x");Erika',
      orderId: 8,
      grossConversionEur: 0,
      employerContributionEur: 0,
      benefitPrivateUseEur: 100,
      benefitCommuteEur: 0,
      benefitRule: '0,25 %',
      commutingMethod: 'PAUSCHAL_0_03',
      endDate: '2026-04-15',
      change: 'ENDED',
    },
  ],
  totals: {
    leases: 2,
    grossConversionEur: 400,
    employerContributionEur: 50,
    benefitPrivateUseEur: 212,
    benefitCommuteEur: 67.2,
    employerSavingEur: 0,
    employerSavingYearEur: 0,
    savingNotComputed: 2,
  },
};

describe('payroll files', () => {
  it('CSV: BOM, semicolons, decimal comma, CRLF, totals; formulas defused', () => {
    const csv = payrollCsv(data);
    expect(csv.startsWith('\uFEFFPersonalnummer;Name;Bestellung;')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('4711;Max Mustermann;7;2026-04;400,00;50,00;112,00;67,20;0,25 %;0,03 % je km;;NEU');
    expect(lines[2]).toContain(`;"'=HYPERLINK(""x"");Erika";8;`);
    expect(lines[2]).toContain(';2026-04-15;BEENDET');
    expect(lines[3]).toBe('Summe;2 Leasingverträge;;2026-04;400,00;50,00;212,00;67,20;;;;');
  });

  it('LODAS: header with client numbers, one line per wage type and amount, rows without personnel number listed', () => {
    const lodas = payrollLodas(data, { ...DEFAULT_PAYROLL_SETTINGS, datevClientNumber: '42' });
    expect(lodas).toContain('[Allgemein]\r\nZiel=LODAS');
    expect(lodas).toContain('MandantNr=42');
    expect(lodas).toContain('10;01/04/2026;4711;9100;400,00;');
    expect(lodas).toContain('10;01/04/2026;4711;9101;112,00;');
    expect(lodas).toContain('10;01/04/2026;4711;9102;67,20;');
    expect(lodas).toContain('* Bestellung 8: keine gültige Personalnummer');
  });
});
