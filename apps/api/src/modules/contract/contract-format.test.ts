import { describe, expect, it } from 'vitest';

import {
  cleanText,
  formatDate,
  formatDateTime,
  formatEuro,
  formatEuroPerKm,
  formatNumber,
  truncateToWidth,
  wrapText,
} from './contract-pdf.js';

/** The contract's German formats and its text handling: plain functions, no PDF needed. */
const NBSP = '\u00a0';

describe('formatting', () => {
  it('formats euros from cents the German way', () => {
    expect(formatEuro(123_456)).toBe(`1.234,56${NBSP}€`);
    expect(formatEuro(5)).toBe(`0,05${NBSP}€`);
    expect(formatEuro(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuro(-9_999_999)).toBe(`-99.999,99${NBSP}€`);
    expect(formatEuro(4_799_500)).toBe(`47.995,00${NBSP}€`);
    expect(formatEuro(Number.NaN)).toBe('—');
  });

  it('formats EUR per km with two to four decimals', () => {
    expect(formatEuroPerKm(0.0832)).toBe(`0,0832${NBSP}€`);
    expect(formatEuroPerKm(0.1)).toBe(`0,10${NBSP}€`);
    expect(formatEuroPerKm(0.125)).toBe(`0,125${NBSP}€`);
    expect(formatEuroPerKm(1.5)).toBe(`1,50${NBSP}€`);
    expect(formatEuroPerKm(0.04161)).toBe(`0,0416${NBSP}€`);
    expect(formatEuroPerKm(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('formats numbers and dates', () => {
    expect(formatNumber(45_000)).toBe('45.000');
    expect(formatNumber(77.44, 1)).toBe('77,4');
    expect(formatNumber(77, 1)).toBe('77');
    expect(formatDate('2026-11-23T09:15:00Z')).toBe('23.11.2026');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027'); // German time
    expect(formatDate('1988-04-17')).toBe('17.04.1988');
    expect(formatDate('1988-02-30')).toBe('—');
    expect(formatDate('nonsense')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('2026-11-24T13:05:00Z')).toBe(`24.11.2026, 14:05${NBSP}Uhr (MEZ)`);
    expect(formatDateTime('2026-07-01T08:00:00Z')).toBe(`01.07.2026, 10:00${NBSP}Uhr (MESZ)`);
  });
});

describe('cleanText', () => {
  it('flattens line breaks, drops control and bidi characters and collapses whitespace', () => {
    expect(cleanText('  Erika\r\n\tMuster\u0000mann \u202Eabc\u202C\u200B ')).toBe('Erika Mustermann abc');
    expect(cleanText('a\u2028b\u0085c')).toBe('a b c');
    expect(cleanText(null)).toBe('');
    expect(cleanText({ toString: () => 'x' })).toBe('');
  });

  it('replaces lone surrogates and private-use characters and tames stacked marks', () => {
    expect(cleanText('a\uD800b\u{F0000}c')).toBe('a?b?c');
    expect(Array.from(cleanText('Z\u0301\u0302\u0303\u0304\u0305o'))).toHaveLength(4);
  });

  it('truncates long values with an ellipsis', () => {
    const text = cleanText('x'.repeat(500), 80);
    expect(Array.from(text)).toHaveLength(80);
    expect(text.endsWith('…')).toBe(true);
    expect(cleanText('😀'.repeat(300), 10)).toBe(`${'😀'.repeat(9)}…`);
  });
});

describe('wrapText', () => {
  const measure = (s: string) => Array.from(s).length * 5;

  it('wraps on spaces and never exceeds the width', () => {
    const lines = wrapText('Der Arbeitgeber überlässt dem Arbeitnehmer das Fahrzeug als Dienstwagen.', 100, measure);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(100);
    expect(lines.join(' ')).toBe('Der Arbeitgeber überlässt dem Arbeitnehmer das Fahrzeug als Dienstwagen.');
  });

  it('breaks words longer than a line and keeps no-break spaces together', () => {
    const lines = wrapText(`kurz ${'x'.repeat(55)} Ende`, 100, measure);
    expect(lines).toEqual(['kurz', 'x'.repeat(20), 'x'.repeat(20), `${'x'.repeat(15)} Ende`]);
    expect(wrapText(`Betrag 1.234,56${NBSP}€`, 60, measure)).toEqual(['Betrag', `1.234,56${NBSP}€`]);
    expect(wrapText('', 100, measure)).toEqual(['']);
  });

  it('truncates a single line with an ellipsis', () => {
    expect(truncateToWidth('abcdefghij', 30, measure)).toBe('abcde…');
    expect(truncateToWidth('abc', 30, measure)).toBe('abc');
  });
});
