import { describe, expect, it } from 'vitest';

import { searchStart } from './person-search.js';

describe('searchStart', () => {
  it('lower-cases the term and makes inner spaces single, as the name keys are', () => {
    expect(searchStart('  Max   MÜLLER ')).toBe('max müller');
    expect(searchStart('50%_x')).toBe('50%_x');
  });
});
