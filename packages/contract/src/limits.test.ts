import { describe, expect, it } from 'vitest';

import { estimatedNetRateCents } from './limits.js';

describe('the estimated net rate without salary data (spec 9)', () => {
  it('is 70 % of the total monthly gross cost, rounded to the cent', () => {
    expect(estimatedNetRateCents(49_236)).toBe(34_465);
    expect(estimatedNetRateCents(50_776)).toBe(35_543);
  });

  it("takes the employer's subsidy off the gross cost first", () => {
    expect(estimatedNetRateCents(50_000, 5_000)).toBe(31_500);
    expect(estimatedNetRateCents(49_236, 4_924)).toBe(31_018); // 70 % of 443.12 EUR = 310.184 EUR
    expect(estimatedNetRateCents(50_000, 50_000)).toBe(0);
  });
});
