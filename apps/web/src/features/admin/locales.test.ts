import { describe, expect, it } from 'vitest';

import en from '../../../public/locales/en/admin.json';
import de from '../../../public/locales/de/admin.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('the admin namespace', () => {
  it('has the same keys in German and English and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en])).not.toMatch(/":\s*""/);
  });

  it('names the actions as the process does', () => {
    expect(de.actions.approve).toBe('Freigeben');
    expect(de.actions.ordered).toBe('Fahrzeug beim Hersteller bestellt');
    expect(de.actions.handover).toBe('Übergeben');
    expect(de.forbidden.title).toBe('Keine Berechtigung');
  });
});
