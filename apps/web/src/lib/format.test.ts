import { describe, expect, it } from 'vitest';

import {
  DELIVERY_ON_REQUEST,
  formatAmount,
  formatConsumption,
  formatDate,
  formatDateTime,
  formatDeliveryTime,
  formatInteger,
  formatKm,
  formatKmCost,
  formatKw,
  formatKwh,
  formatPercent,
  formatPrice,
} from './format';

// Intl separates number and unit with a no-break space in German.
const NBSP = '\u00a0';

describe('number formats (de-DE)', () => {
  it('shows prices in whole euros with thousands separators', () => {
    expect(formatPrice(1234.56)).toBe(`1.235${NBSP}€`);
    expect(formatPrice(399)).toBe(`399${NBSP}€`);
    expect(formatPrice(0)).toBe(`0${NBSP}€`);
    expect(formatPrice(45990)).toBe(`45.990${NBSP}€`);
  });

  it('shows exact amounts with two decimals', () => {
    expect(formatAmount(1234.5)).toBe(`1.234,50${NBSP}€`);
    expect(formatAmount(-12.345)).toBe(`-12,35${NBSP}€`);
  });

  it('shows kilometre costs with up to four decimals per km', () => {
    expect(formatKmCost(0.1234)).toBe(`0,1234${NBSP}€/km`);
    expect(formatKmCost(0.05)).toBe(`0,05${NBSP}€/km`);
    expect(formatKmCost(0.123456)).toBe(`0,1235${NBSP}€/km`);
  });

  it('shows energy and consumption with one decimal', () => {
    expect(formatKwh(77)).toBe('77,0 kWh');
    expect(formatConsumption(15.26)).toBe('15,3 kWh/100 km');
    expect(formatConsumption(null)).toBe('?');
  });

  it('shows distances, power, integers and percentages', () => {
    expect(formatKm(15000)).toBe('15.000 km');
    expect(formatKw(150)).toBe('150 kW');
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatPercent(0.3)).toBe(`30${NBSP}%`);
    expect(formatPercent(0.256)).toBe(`26${NBSP}%`);
  });

  it('renders missing or invalid numbers as ?', () => {
    for (const format of [formatPrice, formatAmount, formatKmCost, formatKwh, formatKm, formatKw, formatPercent]) {
      expect(format(undefined)).toBe('?');
      expect(format(null)).toBe('?');
      expect(format(Number.NaN)).toBe('?');
    }
  });
});

describe('date formats (German time)', () => {
  it('formats dates and date-times in Europe/Berlin', () => {
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('06.03.2026');
    expect(formatDateTime('2026-07-01T12:05:00Z')).toBe('01.07.2026, 14:05');
    expect(formatDate(new Date(Date.UTC(2023, 0, 9)))).toBe('09.01.2023');
  });

  it('renders missing or invalid dates as ?', () => {
    expect(formatDate(null)).toBe('?');
    expect(formatDate('not a date')).toBe('?');
    expect(formatDateTime(undefined)).toBe('?');
  });
});

describe('formatDeliveryTime (spec 9, threshold 8 weeks)', () => {
  it('shows the card text when a bound is unknown on the search card', () => {
    expect(formatDeliveryTime(undefined, 6, 'card')).toBe(DELIVERY_ON_REQUEST);
    expect(formatDeliveryTime(4, null, 'card')).toBe('Voraussichtliche Lieferzeit: auf Anfrage');
  });

  it('shows ? when a bound is unknown elsewhere', () => {
    expect(formatDeliveryTime(null, 6, 'other')).toBe('?');
    expect(formatDeliveryTime(4, undefined, 'other')).toBe('?');
  });

  it('shows weeks when the upper bound is under 8 weeks', () => {
    expect(formatDeliveryTime(4, 6, 'card')).toBe('4 - 6 Wochen');
    expect(formatDeliveryTime(0, 7, 'other')).toBe('0 - 7 Wochen');
  });

  it('shows months (weeks / 4) when the lower bound is 8 weeks or more', () => {
    expect(formatDeliveryTime(8, 12, 'card')).toBe('2 - 3 Monate');
    expect(formatDeliveryTime(10, 52, 'other')).toBe('2,5 - 13 Monate');
  });

  it('formats each end on its own across the threshold', () => {
    expect(formatDeliveryTime(6, 8, 'card')).toBe('6 Wochen - 2 Monate');
    expect(formatDeliveryTime(7, 16, 'other')).toBe('7 Wochen - 4 Monate');
  });
});
