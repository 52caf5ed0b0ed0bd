import { endedPayrollRow } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { withClaimExcesses } from './payroll-excess.js';

const people = new Map([
  [7, { employeeId: '4711', name: 'Max Mustermann' }],
  [9, { employeeId: '4712', name: 'Erika Muster' }],
]);

describe('claim excesses in the payroll month', () => {
  it("puts the excess on the lease's row and gives a lease without a line a row of its own", () => {
    const rows = [{ ...endedPayrollRow(7, people.get(7)), status: 'ACTIVE' as const, grossConversionEur: 400 }];
    const excesses = new Map([
      [7, { cents: 50_000, numbers: ['S-2026-000001'] }],
      [9, { cents: 15_050, numbers: ['S-2026-000002', 'S-2026-000003'] }],
    ]);
    const out = withClaimExcesses(rows, excesses, people);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ orderId: 7, grossConversionEur: 400, claimExcessEur: 500 });
    expect(out[1]).toMatchObject({
      orderId: 9,
      name: 'Erika Muster',
      employeeId: '4712',
      status: 'ENDED',
      grossConversionEur: 0,
      claimExcessEur: 150.5,
      claimNumbers: ['S-2026-000002', 'S-2026-000003'],
    });
    // The rows given are not changed.
    expect(rows[0]?.claimExcessEur).toBeUndefined();
  });

  it('leaves a month without excesses as it was', () => {
    const rows = [endedPayrollRow(7, people.get(7))];
    expect(withClaimExcesses(rows, new Map(), people)).toEqual(rows);
  });
});
