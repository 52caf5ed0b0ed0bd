import { StepTypes } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import en from '../../../public/locales/en/provider.json';
import de from '../../../public/locales/de/provider.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('the provider namespace', () => {
  it('has the same keys in German and English and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en])).not.toMatch(/":\s*""/);
  });

  it('names every step and pipeline status', () => {
    expect(Object.keys(de.steps).sort()).toEqual([...StepTypes].sort());
    expect(Object.keys(de.statuses)).toEqual([
      'EMPLOYEE_STEPS',
      'EMPLOYER_APPROVAL',
      'ORDERING',
      'DELIVERY',
      'ACTIVE',
      'CLOSED',
    ]);
  });
});
