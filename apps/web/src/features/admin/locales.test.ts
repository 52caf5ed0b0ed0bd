import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/admin.json';

describe('the admin namespace', () => {
  it('names the actions as the process does', () => {
    expect(de.actions.approve).toBe('Freigeben');
    expect(de.actions.ordered).toBe('Fahrzeug beim Hersteller bestellt');
    expect(de.actions.handover).toBe('Übergeben');
    expect(de.forbidden.title).toBe('Keine Berechtigung');
  });
});
