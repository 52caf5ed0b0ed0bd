import { describe, expect, it } from 'vitest';
import { PapInputError, PapVersionNotFoundError } from './errors.js';
import { PAP_MODULES } from './generated/index.js';
import { PAP_VERSIONS, papVersionMeta, versionForDate } from './registry.js';

function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('PAP version registry', () => {
  it('registers every generated PAP exactly once, and nothing else', () => {
    expect(PAP_VERSIONS.map((v) => v.id).sort()).toEqual(Object.keys(PAP_MODULES).sort());
  });

  it('has valid ranges that are contiguous: no gaps, no overlaps', () => {
    PAP_VERSIONS.forEach((version, i) => {
      expect(version.validFrom <= version.validTo, version.id).toBe(true);
      const next = PAP_VERSIONS[i + 1];
      if (next) expect(next.validFrom, `${version.id} -> ${next.id}`).toBe(nextDay(version.validTo));
    });
  });

  it('matches the documented periods', () => {
    expect(PAP_VERSIONS.map((v) => `${v.id} ${v.validFrom}..${v.validTo}`)).toEqual([
      '2024 2024-01-01..2024-11-30',
      '2024Dezember 2024-12-01..2024-12-31',
      '2025 2025-01-01..2025-12-31',
      '2026 2026-01-01..2026-12-31',
    ]);
  });

  it('picks the version by payment date, including the boundaries', () => {
    expect(versionForDate('2024-01-01').id).toBe('2024');
    expect(versionForDate('2024-11-30').id).toBe('2024');
    expect(versionForDate('2024-12-01').id).toBe('2024Dezember');
    expect(versionForDate('2024-12-31').id).toBe('2024Dezember');
    expect(versionForDate('2025-01-01').id).toBe('2025');
    expect(versionForDate('2025-12-31').id).toBe('2025');
    expect(versionForDate('2026-03-01').id).toBe('2026');
    expect(versionForDate('2026-12-31').id).toBe('2026');
    expect(versionForDate(new Date(2026, 2, 1)).id).toBe('2026');
  });

  it('checks every day of the covered period maps to exactly one version', () => {
    const first = PAP_VERSIONS[0]?.validFrom ?? '';
    const last = PAP_VERSIONS[PAP_VERSIONS.length - 1]?.validTo ?? '';
    for (let day = first; day <= last; day = nextDay(day)) {
      expect(
        PAP_VERSIONS.filter((v) => day >= v.validFrom && day <= v.validTo),
        day,
      ).toHaveLength(1);
    }
  });

  it('throws a typed, clear error outside every version', () => {
    expect(() => versionForDate('2023-12-31')).toThrow(PapVersionNotFoundError);
    expect(() => versionForDate('2027-01-01')).toThrow(
      /No PAP version for payment date 2027-01-01.*2024-01-01 to 2026-12-31/,
    );
    try {
      versionForDate('2027-01-01');
    } catch (error) {
      expect(error).toBeInstanceOf(PapVersionNotFoundError);
      expect((error as PapVersionNotFoundError).date).toBe('2027-01-01');
    }
  });

  it('rejects malformed dates with PapInputError', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', 'today']) {
      expect(() => versionForDate(bad), bad).toThrow(PapInputError);
    }
    expect(() => versionForDate(new Date(Number.NaN))).toThrow(PapInputError);
  });

  it('exposes the source XML and SHA-256 of each version', () => {
    expect(papVersionMeta('2026')).toMatchObject({
      papName: 'Lohnsteuer2026',
      xmlFile: 'Lohnsteuer2026.xml',
      xmlSha256: '63d8981646d139eba2f4dd990c13b43c4fb3883b402a5a40cddf253aa7aa96b4',
      stand: '2025-10-23 12:40',
    });
  });
});
