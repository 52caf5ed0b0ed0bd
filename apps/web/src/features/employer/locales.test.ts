import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/employer.json';
import en from '../../../public/locales/en/employer.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('the employer namespace', () => {
  it('has the same keys in German and English and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en])).not.toMatch(/":\s*""/);
  });

  it('names the statuses and changes as the payroll office reads them', () => {
    expect(de.employees.status).toEqual({ INVITED: 'Eingeladen', ACTIVE: 'Aktiv', LEAVING: 'Ausscheidend' });
    expect(de.payroll.change).toEqual({ NEW: 'NEU', CHANGED: 'GEÄNDERT', ENDED: 'BEENDET' });
  });
});
