import { describe, expect, it } from 'vitest';
import { createPayslipLineHandler } from './json-lines.js';
import { buildOffer, buildProfile, stubWageTax } from './test-support/factories.js';

const line = (value: unknown) => JSON.stringify(value);
const request = (overrides: Record<string, unknown> = {}) =>
  line({ profile: buildProfile(), offer: buildOffer(), date: '2026-03-01', ...overrides });

describe('payslip JSON lines (CLI core)', () => {
  it('answers a good line with the comparison in cents', () => {
    const handle = createPayslipLineHandler({ wageTax: stubWageTax() });
    const out = JSON.parse(handle(request())) as { userPrice: number; before: { brutto: number } };
    expect(out.before.brutto).toBe(500_000);
    expect(Number.isInteger(out.userPrice)).toBe(true);
  });

  it('answers bad lines with {"error"} and keeps going', () => {
    const handle = createPayslipLineHandler({ wageTax: stubWageTax() });
    const outputs = [
      'not json',
      '[1, 2]',
      line({ profile: buildProfile() }),
      request({ profile: { ...buildProfile(), taxClass: 9 } }),
      request({ date: '2020-01-01' }),
      request({ offer: { ...buildOffer(), acquisitionDate: '2018-05-01' } }),
      request({ offer: null }),
      request(),
    ].map((l) => JSON.parse(handle(l)) as Record<string, unknown>);
    expect(outputs.slice(0, 7).map((o) => Object.keys(o))).toEqual(Array(7).fill(['error']));
    expect(outputs[0]?.error).toMatch(/Ungültiges JSON/);
    expect(outputs[2]?.error).toMatch(/erforderlich/);
    expect(outputs[3]?.error).toMatch(/Steuerklasse/);
    expect(outputs[4]?.error).toMatch(
      /Sozialversicherungswerte und der Lohnsteuer-Programmablaufplan des BMF nicht hinterlegt/,
    );
    expect(outputs[5]?.error).toMatch(/vor 2019/);
    expect(outputs[6]?.error).toMatch(/Angebot fehlt/);
    expect(outputs[7]).toHaveProperty('userPrice');
  });

  it('prepares a profile once for consecutive offers', () => {
    const wageTax = stubWageTax();
    const handle = createPayslipLineHandler({ wageTax });
    handle(request());
    handle(request({ offer: buildOffer({ monthlyGrossRateCents: 60_000 }) }));
    // 1 "before" + 2 "after" PAP calls
    expect(wageTax.calls).toHaveLength(3);
  });
});
