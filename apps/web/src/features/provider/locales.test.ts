import { StepTypes } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/provider.json';

describe('the provider namespace', () => {
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
