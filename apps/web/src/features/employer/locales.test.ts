import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/employer.json';

describe('the employer namespace', () => {
  it('names the statuses and changes as the payroll office reads them', () => {
    expect(de.employees.status).toEqual({ INVITED: 'Eingeladen', ACTIVE: 'Aktiv', LEAVING: 'Ausscheidend' });
    expect(de.payroll.change).toEqual({ NEW: 'NEU', CHANGED: 'GEÄNDERT', ENDED: 'BEENDET' });
  });
});
