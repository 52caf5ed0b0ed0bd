import { describe, expect, it } from 'vitest';

import { returnDraftErrors, serverReturnErrors } from './return-errors';

const TODAY = '2026-11-28';

describe('the return form checks', () => {
  it('asks for the date and the odometer reading', () => {
    expect(returnDraftErrors({ returnedOn: '', odometer: '', damages: [] }, TODAY)).toEqual({
      returnedOn: 'returnedOnRequired',
      odometerKm: 'odometerRequired',
    });
  });

  it('refuses a return after today and a negative reading; today and 0 km are fine', () => {
    expect(returnDraftErrors({ returnedOn: '2026-11-29', odometer: -1, damages: [] }, TODAY)).toEqual({
      returnedOn: 'returnInFuture',
      odometerKm: 'odometerNegative',
    });
    expect(returnDraftErrors({ returnedOn: TODAY, odometer: 0, damages: [] }, TODAY)).toEqual({});
  });

  it('names the damage row that lacks its text or cost', () => {
    const damages = [
      { description: 'Kratzer', costEur: 120 },
      { description: '  ', costEur: '' },
    ];
    expect(returnDraftErrors({ returnedOn: TODAY, odometer: 12_000, damages }, TODAY)).toEqual({
      'damages.1.description': 'damageDescriptionRequired',
      'damages.1.costEur': 'damageCostRequired',
    });
  });

  it("puts the server's field errors on the same fields", () => {
    expect(
      serverReturnErrors([
        { field: 'returnedOn', message: 'beforeHandover' },
        { field: 'odometerKm', message: 'min 0' },
        { field: 'damages.0.description', message: 'something else' },
      ]),
    ).toEqual({ returnedOn: 'beforeHandover', odometerKm: 'odometerNegative', 'damages.0.description': 'invalid' });
  });
});
