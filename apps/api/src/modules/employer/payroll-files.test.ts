import type { PayrollExport } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { DEFAULT_PAYROLL_SETTINGS, payrollCsv, payrollLodas } from './payroll-files.js';

const active = {
  status: 'ACTIVE',
  pause: null,
  employeePaysEur: 0,
  employerPaysEur: 0,
  rateInsurancePaysEur: 0,
} as const;

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
      ...active,
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
      ...active,
      status: 'ENDED',
    },
    {
      employeeId: '4712',
      name: 'Erika Muster',
      orderId: 9,
      grossConversionEur: 0,
      employerContributionEur: 50,
      benefitPrivateUseEur: 100,
      benefitCommuteEur: 30,
      benefitRule: '0,25 %',
      commutingMethod: 'PAUSCHAL_0_03',
      endDate: null,
      change: 'CHANGED',
      status: 'PAUSED',
      pause: {
        absenceId: '00000000-0000-4000-8000-000000000001',
        type: 'PARENTAL_LEAVE',
        from: '2026-04-01',
        to: '2026-06-30',
        payer: 'EMPLOYEE_PAYS',
        pausedDays: 30,
        daysInMonth: 30,
      },
      employeePaysEur: 400,
      employerPaysEur: 0,
      rateInsurancePaysEur: 0,
      settlementEur: -80.5,
      claimExcessEur: 650,
      claimNumbers: ['S-2026-000007', 'S-2026-000009'],
    },
  ],
  totals: {
    leases: 3,
    grossConversionEur: 400,
    employerContributionEur: 50,
    benefitPrivateUseEur: 212,
    benefitCommuteEur: 67.2,
    employeePaysEur: 400,
    employerPaysEur: 0,
    rateInsurancePaysEur: 0,
    settlementEur: -80.5,
    claimExcessEur: 650,
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
    expect(lines[0]).toContain(
      ';Änderung;Status;Abwesenheit;Pausierte Tage;Zahlt Mitarbeiter EUR;Zahlt Arbeitgeber EUR;Zahlt Ratenschutz EUR;Schlussabrechnung EUR;Selbstbeteiligung Schaden EUR;Schadennummern',
    );
    expect(lines[1]).toBe(
      '4711;Max Mustermann;7;2026-04;400,00;50,00;112,00;67,20;0,25 %;0,03 % je km;;NEU;AKTIV;;;0,00;0,00;0,00;;;',
    );
    expect(lines[2]).toContain(`;"'=HYPERLINK(""x"");Erika";8;`);
    expect(lines[2]).toContain(';2026-04-15;BEENDET;BEENDET;');
    expect(lines[3]).toBe(
      '4712;Erika Muster;9;2026-04;0,00;50,00;100,00;30,00;0,25 %;0,03 % je km;;GEÄNDERT;PAUSIERT;Elternzeit 01.04.2026–30.06.2026 (Mitarbeiter zahlt);30/30;400,00;0,00;0,00;-80,50;650,00;S-2026-000007, S-2026-000009',
    );
    expect(lines[4]).toBe(
      'Summe;3 Leasingverträge;;2026-04;400,00;50,00;212,00;67,20;;;;;;;;400,00;0,00;0,00;-80,50;650,00;',
    );
  });

  it('LODAS: header with client numbers, one line per wage type and amount, rows without personnel number listed', () => {
    const lodas = payrollLodas(data, { ...DEFAULT_PAYROLL_SETTINGS, datevClientNumber: '42' });
    expect(lodas).toContain('[Allgemein]\r\nZiel=LODAS');
    expect(lodas).toContain('MandantNr=42');
    expect(lodas).toContain('10;01/04/2026;4711;9100;400,00;');
    expect(lodas).toContain('10;01/04/2026;4711;9101;112,00;');
    expect(lodas).toContain('10;01/04/2026;4711;9102;67,20;');
    expect(lodas).toContain('* Bestellung 8: keine gültige Personalnummer');
    // A paused month converts nothing (no 9100 line) and says why in a comment; the benefit stays.
    expect(lodas).not.toContain('4712;9100;');
    expect(lodas).toContain('10;01/04/2026;4712;9101;100,00;');
    expect(lodas).toContain(
      '* Bestellung 9, Personalnummer 4712: PAUSIERT, Elternzeit 01.04.2026–30.06.2026 (Mitarbeiter zahlt), 30/30 Tage; privat zu zahlen 400,00 EUR',
    );
    // The lease-end settlement is a net amount: a comment for the net deduction or payment, no wage type.
    expect(lodas).toContain(
      '* Bestellung 9, Personalnummer 4712: Schlussabrechnung Leasingende -80,50 EUR netto (Nettoauszahlung)',
    );
    expect(lodas).not.toContain('Bestellung 7, Personalnummer 4711: Schlussabrechnung');
    // The claims' excess is a net deduction on a wage type of its own, with the claims' numbers.
    expect(lodas).toContain('10;01/04/2026;4712;9103;650,00;');
    expect(lodas).toContain(
      '* Bestellung 9, Personalnummer 4712: Selbstbeteiligung Schaden S-2026-000007, S-2026-000009 650,00 EUR netto (Nettoabzug)',
    );
    expect(lodas).not.toContain('4711;9103;');
  });
});
