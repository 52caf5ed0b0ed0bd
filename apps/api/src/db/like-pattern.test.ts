import { describe, expect, it } from 'vitest';

import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('wraps the term and escapes the wildcards it contains', () => {
    expect(containsPattern('Müller')).toBe('%Müller%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
