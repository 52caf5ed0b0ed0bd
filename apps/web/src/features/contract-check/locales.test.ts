import { describe, expect, it } from 'vitest';

import en from '../../../public/locales/en/contract-check.json';
import de from '../../../public/locales/de/contract-check.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('the contract-check namespace', () => {
  it('has the same keys in German and English and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en])).not.toMatch(/":\s*""/);
  });

  it('names every kind of signature the verification reports', () => {
    expect(Object.keys(de.kinds)).toEqual(['signature', 'seal', 'timestamp']);
  });
});
