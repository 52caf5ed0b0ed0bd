import { describe, expect, it } from 'vitest';

import { driverRefusals, yearsBetween } from './rules.js';

const driver = (overrides: Partial<Parameters<typeof driverRefusals>[0]> = {}) => ({
  firstName: 'Kim',
  lastName: 'Meyer',
  email: 'kim.meyer@example.com',
  dateOfBirth: '1996-05-10',
  licenceIssuedOn: '2023-06-01',
  licenceCountry: 'DE',
  ...overrides,
});
const today = '2026-12-02';
const fields = (input: Parameters<typeof driverRefusals>[0]) => driverRefusals(input, today).map((r) => r.field);

describe('who may be an additional driver', () => {
  it('counts whole years, a birthday on 29 February on 1 March', () => {
    expect(yearsBetween('2008-12-02', today)).toBe(18);
    expect(yearsBetween('2008-12-03', today)).toBe(17);
    expect(yearsBetween('2008-02-29', '2026-02-28')).toBe(17);
    expect(yearsBetween('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('is 18 to 75 on the day: 17 is refused, 18 and 75 are accepted, 76 is refused', () => {
    expect(fields(driver({ dateOfBirth: '2009-06-01', licenceIssuedOn: '2023-06-01' }))).toContain('dateOfBirth');
    expect(fields(driver({ dateOfBirth: '2008-12-02', licenceIssuedOn: '2024-12-02' }))).toEqual([]);
    expect(fields(driver({ dateOfBirth: '1951-12-03', licenceIssuedOn: '1970-01-01' }))).toEqual([]);
    expect(fields(driver({ dateOfBirth: '1950-12-02', licenceIssuedOn: '1970-01-01' }))).toEqual(['dateOfBirth']);
    expect(driverRefusals(driver({ dateOfBirth: '2009-06-01' }), today)[0]?.message).toBe(
      'Zusatzfahrer müssen mindestens 18 Jahre alt sein.',
    );
  });

  it('holds the licence for two years, issued in the EU or EEA', () => {
    expect(fields(driver({ licenceIssuedOn: '2025-12-02' }))).toEqual(['licenceIssuedOn']);
    expect(fields(driver({ licenceIssuedOn: '2024-12-02' }))).toEqual([]);
    expect(fields(driver({ licenceIssuedOn: '2027-01-01' }))).toEqual(['licenceIssuedOn']);
    expect(fields(driver({ licenceCountry: 'NO' }))).toEqual([]);
    expect(fields(driver({ licenceCountry: 'CH' }))).toEqual(['licenceCountry']);
    expect(fields(driver({ licenceCountry: 'US' }))).toEqual(['licenceCountry']);
    expect(driverRefusals(driver({ licenceIssuedOn: '2025-12-02' }), today)[0]?.message).toBe(
      'Der Führerschein muss seit mindestens 2 Jahren bestehen.',
    );
  });
});
