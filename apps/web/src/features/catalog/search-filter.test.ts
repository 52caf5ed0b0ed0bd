import { describe, expect, it } from 'vitest';

import { parseFilter, parseList, serializeFilter } from './search-filter';

const params = (search: string) => new URLSearchParams(search);

describe('query string filter (spec 5)', () => {
  it('reads brands and models as comma lists', () => {
    expect(parseFilter(params('?brands=Kia,Volkswagen&models=EV3,ID.3'))).toEqual({
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
    expect(parseFilter(params(''))).toEqual({ brands: [], models: [] });
  });

  it('writes readable comma lists and reads them back, umlauts and spaces included', () => {
    const filter = { brands: ['Citroën', 'Mercedes-Benz'], models: ['ë-C3', 'EQA 250+'] };
    const search = serializeFilter(filter);
    expect(search).toBe('?brands=Citro%C3%ABn,Mercedes-Benz&models=%C3%AB-C3,EQA%20250%2B');
    expect(parseFilter(params(search))).toEqual(filter);
  });

  it('keeps the short brand MG through the round trip with an empty first element', () => {
    expect(serializeFilter({ brands: ['MG'], models: [] })).toBe('?brands=,MG');
    expect(parseFilter(params(serializeFilter({ brands: ['MG'], models: ['4'] })))).toEqual({
      brands: ['MG'],
      models: ['4'],
    });
    expect(serializeFilter({ brands: ['MG', 'Kia'], models: [] })).toBe('?brands=MG,Kia');
  });

  it('writes nothing for an empty filter', () => {
    expect(serializeFilter({ brands: [], models: [] })).toBe('');
  });
});
