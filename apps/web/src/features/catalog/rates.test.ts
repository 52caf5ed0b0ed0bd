import { describe, expect, it } from 'vitest';

import { cardRate, packageRate, savingsPerMonthEur, savingsPercent } from './rates';

describe('savings percentage (spec 9)', () => {
  it('is (leaseFrom - rate) / leaseFrom in whole percent', () => {
    expect(savingsPercent(581.14, 322.34)).toBe(45);
    expect(savingsPercent(100, 70)).toBe(30);
    expect(savingsPercent(600, 347)).toBe(42); // 42.17
  });

  it('is 0 when the private leasing rate is 0', () => {
    expect(savingsPercent(0, 300)).toBe(0);
    expect(savingsPercent(0, null)).toBe(0);
  });

  it('defaults to 30 % when neither rate exists', () => {
    expect(savingsPercent(null, null)).toBe(30);
    expect(savingsPercent(undefined, undefined)).toBe(30);
  });

  it('is 0, not -0, when both rates are equal, and may be negative when the rate is higher', () => {
    expect(Object.is(savingsPercent(300, 300), 0)).toBe(true);
    expect(savingsPercent(300, 330)).toBe(-10);
  });
});

describe('displayed net rate', () => {
  it('on a card is the user\u2019s own rate when present, else the estimate', () => {
    expect(cardRate({ yourLeaseFrom: 322.34, estimateLeaseFrom: 344.65 })).toEqual({ rate: 322.34, personal: true });
    expect(cardRate({ yourLeaseFrom: null, estimateLeaseFrom: 344.65 })).toEqual({ rate: 344.65, personal: false });
  });

  it('of a package is its userPrice, else the server\u2019s estimate', () => {
    expect(packageRate({ userPrice: 322.34, estimatedUserPrice: 344.65 })).toEqual({
      rate: 322.34,
      personal: true,
    });
    expect(packageRate({ userPrice: null, estimatedUserPrice: 344.65 })).toEqual({
      rate: 344.65,
      personal: false,
    });
  });
});

describe('savings per month (the card badge, ADR 0062)', () => {
  it('is the private rate less the shown rate, in whole euros', () => {
    expect(savingsPerMonthEur(581.14, 322.34)).toBe(259);
    expect(savingsPerMonthEur(500, 287.6)).toBe(212);
  });

  it('is null when nothing is saved, the rate is dearer or a figure is missing', () => {
    expect(savingsPerMonthEur(300, 300)).toBeNull();
    expect(savingsPerMonthEur(300, 299.6)).toBeNull();
    expect(savingsPerMonthEur(300, 320)).toBeNull();
    expect(savingsPerMonthEur(null, 300)).toBeNull();
    expect(savingsPerMonthEur(300, undefined)).toBeNull();
  });
});
