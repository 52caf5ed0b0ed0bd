import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/contract-check.json';

describe('the contract-check namespace', () => {
  it('names every kind of signature the verification reports', () => {
    expect(Object.keys(de.kinds)).toEqual(['signature', 'seal', 'timestamp']);
  });
});
