import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { addYear, AddYearError } from '../../scripts/add-year-steps.js';
import { sha256 } from '../../scripts/pap/generate.js';

const PACKAGE = join(import.meta.dirname, '..', '..');

/** A copy of the files the command touches, in a temporary directory. */
function packageCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'add-year-'));
  for (const path of ['pap-xml/README.md', 'src/pap/registry.ts', 'src/social/years']) {
    cpSync(join(PACKAGE, path), join(root, path), { recursive: true });
  }
  return root;
}

/** A stand-in XML for a future year: the 2026 PAP renamed (test input only, never a real PAP). */
const futureXml = (year: number) =>
  Buffer.from(
    readFileSync(join(PACKAGE, 'pap-xml', 'Lohnsteuer2026.xml'), 'utf8').replace(
      'name="Lohnsteuer2026"',
      `name="Lohnsteuer${year}"`,
    ),
  );

describe('npm run payroll:add-year', () => {
  let root: string;
  let generated: number;
  const run = (year: number, xml = futureXml(year)) => addYear({ root, xml, year, generate: () => void generated++ });

  beforeEach(() => {
    root = packageCopy();
    generated = 0;
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('stops without the year’s social-insurance data file and changes nothing', () => {
    expect(() => run(2029)).toThrow(AddYearError);
    expect(() => run(2029)).toThrow(/src\/social\/years\/sv-2029\.ts first/);
    expect(existsSync(join(root, 'pap-xml', 'Lohnsteuer2029.xml'))).toBe(false);
    expect(generated).toBe(0);
  });

  it('refuses an XML of another year', () => {
    writeFileSync(join(root, 'src/social/years/sv-2029.ts'), "export const SV_2029 = { validFrom: '2029-01-01' };\n");
    expect(() => run(2029, futureXml(2028))).toThrow(/"Lohnsteuer2028", not "Lohnsteuer2029"/);
  });

  it('copies the XML, lists its hash, regenerates and registers the PAP and the SV year; again, it does nothing new', () => {
    writeFileSync(join(root, 'src/social/years/sv-2029.ts'), "export const SV_2029 = { validFrom: '2029-01-01' };\n");
    const xml = futureXml(2029);
    const done = run(2029, xml);
    expect(done).toHaveLength(6);
    expect(readFileSync(join(root, 'pap-xml', 'Lohnsteuer2029.xml'))).toEqual(xml);
    expect(readFileSync(join(root, 'pap-xml', 'README.md'), 'utf8')).toContain(
      `| \`Lohnsteuer2029.xml\` | Lohnsteuer2029 | 2025-10-23 12:40 | 2029-01-01 – 2029-12-31 | \`${sha256(xml)}\` |`,
    );
    expect(generated).toBe(1);
    const registry = readFileSync(join(root, 'src/pap/registry.ts'), 'utf8');
    expect(registry).toMatch(
      /\{ id: '2026', [^\n]*\n {2}\{ id: '2029', validFrom: '2029-01-01', validTo: '2029-12-31' \},\n {2}\/\/ add-year/,
    );
    const index = readFileSync(join(root, 'src/social/years/index.ts'), 'utf8');
    expect(index).toContain("import { SV_2029 } from './sv-2029.js';");
    expect(index).toMatch(/SV_2026,\n {2}SV_2029,\n/);

    expect(run(2029, xml)).toEqual(['src/pap/generated/ regenerated']);
    expect(readFileSync(join(root, 'src/pap/registry.ts'), 'utf8')).toBe(registry);
  });

  it('refuses to overwrite a year’s XML with other content', () => {
    writeFileSync(join(root, 'src/social/years/sv-2029.ts'), "export const SV_2029 = { validFrom: '2029-01-01' };\n");
    run(2029);
    const other = Buffer.concat([futureXml(2029), Buffer.from('\n')]);
    expect(() => run(2029, other)).toThrow(/exists with other content/);
  });
});
