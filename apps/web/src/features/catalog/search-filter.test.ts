import { describe, expect, it } from 'vitest';

import { EMPTY_FILTER, activeFilterCount, parseFilter, parseList, serializeFilter } from './search-filter';

const params = (search: string) => new URLSearchParams(search);

describe('query string filter (spec 5)', () => {
  it('reads brands and models as comma lists', () => {
    expect(parseFilter(params('?brands=Kia,Volkswagen&models=EV3,ID.3'))).toEqual({
      ...EMPTY_FILTER,
      brands: ['Kia', 'Volkswagen'],
      models: ['EV3', 'ID.3'],
    });
  });

  it('accepts brands only when the text has at least 3 characters', () => {
    expect(parseFilter(params('?brands=Ki')).brands).toEqual([]);
    expect(parseFilter(params('?brands=MG')).brands).toEqual([]);
    expect(parseFilter(params('?brands=Kia')).brands).toEqual(['Kia']);
    expect(parseFilter(params('?brands=')).brands).toEqual([]);
  });

  it('accepts models from 1 character on', () => {
    expect(parseFilter(params('?models=X')).models).toEqual(['X']);
    expect(parseFilter(params('?models=')).models).toEqual([]);
  });

  it('ignores an empty first element (and other empty ones), trims and drops duplicates', () => {
    expect(parseList(',MG', 3)).toEqual(['MG']);
    expect(parseList(',', 1)).toEqual([]);
    expect(parseList(' Kia , ,Kia,BMW', 3)).toEqual(['Kia', 'BMW']);
  });

  it('without parameters is empty', () => {
    expect(parseFilter(params(''))).toEqual(EMPTY_FILTER);
  });

  it('writes readable comma lists and reads them back, umlauts and spaces included', () => {
    const filter = { ...EMPTY_FILTER, brands: ['Citroën', 'Mercedes-Benz'], models: ['ë-C3', 'EQA 250+'] };
    const search = serializeFilter(filter);
    expect(search).toBe('?brands=Citro%C3%ABn,Mercedes-Benz&models=%C3%AB-C3,EQA%20250%2B');
    expect(parseFilter(params(search))).toEqual(filter);
  });

  it('keeps the short brand MG through the round trip with an empty first element', () => {
    expect(serializeFilter({ ...EMPTY_FILTER, brands: ['MG'] })).toBe('?brands=,MG');
    expect(parseFilter(params(serializeFilter({ ...EMPTY_FILTER, brands: ['MG'], models: ['4'] })))).toEqual({
      ...EMPTY_FILTER,
      brands: ['MG'],
      models: ['4'],
    });
    expect(serializeFilter({ ...EMPTY_FILTER, brands: ['MG', 'Kia'] })).toBe('?brands=MG,Kia');
  });

  it('writes nothing for an empty filter', () => {
    expect(serializeFilter(EMPTY_FILTER)).toBe('');
  });

  it('keeps the order, the minimum range and the maximum rate beside brands and models (ADR 0062)', () => {
    const filter = parseFilter(params('?brands=Kia&minRange=400&maxRate=350&sort=rate'));
    expect(filter).toEqual({ brands: ['Kia'], models: [], minRangeKm: 400, maxRateEur: 350, sort: 'rate' });
    expect(serializeFilter(filter)).toBe('?brands=Kia&minRange=400&maxRate=350&sort=rate');
    expect(serializeFilter({ ...EMPTY_FILTER, sort: 'delivery' })).toBe('?sort=delivery');
    // The order narrows nothing; the numbers do.
    expect(activeFilterCount(filter)).toBe(3);
    expect(activeFilterCount({ ...EMPTY_FILTER, sort: 'price' })).toBe(0);
  });

  it('ignores an unknown order and numbers that are not whole or out of range', () => {
    expect(parseFilter(params('?sort=name&minRange=-5&maxRate=2.5'))).toEqual(EMPTY_FILTER);
    expect(parseFilter(params('?minRange=2001&maxRate=10001'))).toEqual(EMPTY_FILTER);
    expect(parseFilter(params('?minRange=0&maxRate=10000'))).toMatchObject({ minRangeKm: 0, maxRateEur: 10_000 });
  });
});
