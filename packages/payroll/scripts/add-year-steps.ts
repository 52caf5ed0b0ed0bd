/**
 * Adds a payroll year: the BMF's PAP XML into `pap-xml/`, its row in `pap-xml/README.md`, the
 * generated code, the PAP version in `src/pap/registry.ts`, and the year's social-insurance data file
 * (`src/social/years/sv-<year>.ts`, written by hand from the year's ordinances) in
 * `src/social/years/index.ts`. Never invents a value: without the data file it stops and says what to
 * write. Every step is skipped when already done, so running it again is harmless.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { sha256 } from './pap/generate.js';

export interface AddYearOptions {
  /** The package root (packages/payroll, or a copy of it in tests). */
  readonly root: string;
  /** The BMF XML ("Pseudocode" download of the year's Programmablaufplan), byte for byte. */
  readonly xml: Uint8Array;
  readonly year: number;
  /** Regenerates `src/pap/generated/` from `pap-xml/` (the generator, or a stand-in in tests). */
  readonly generate: (root: string) => void;
}

/** Thrown with a message for the person running the command. */
export class AddYearError extends Error {}

/** What was done, one line each. */
export function addYear(options: AddYearOptions): string[] {
  const { root, xml, year } = options;
  if (!Number.isInteger(year) || year < 2025 || year > 2100) throw new AddYearError(`--year: ${year} is not a year.`);
  const text = Buffer.from(xml).toString('utf8');
  const name = /<PAP\s+name="([^"]+)"/.exec(text)?.[1];
  if (name !== `Lohnsteuer${year}`) {
    throw new AddYearError(`The XML is the PAP "${name ?? '?'}", not "Lohnsteuer${year}".`);
  }
  const svFile = join(root, 'src', 'social', 'years', `sv-${year}.ts`);
  if (!existsSync(svFile)) {
    throw new AddYearError(
      [
        `The social-insurance values of ${year} are missing: write src/social/years/sv-${year}.ts first`,
        `(export const SV_${year}: SocialParameterSet, validFrom '${year}-01-01', validTo '${year}-12-31'),`,
        `every value from ${year}'s Sozialversicherungs-Rechengrößenverordnung, Beitragssatz announcements,`,
        'Mindestlohnanpassungsverordnung and Kammer rules, each with its source in a comment; see',
        'packages/payroll/README.md, "Adding a year". Nothing is copied forward from the year before.',
      ].join('\n'),
    );
  }
  const svText = readFileSync(svFile, 'utf8');
  if (!svText.includes(`export const SV_${year}`) || !svText.includes(`validFrom: '${year}-01-01'`)) {
    throw new AddYearError(`src/social/years/sv-${year}.ts must export SV_${year} with validFrom '${year}-01-01'.`);
  }

  const done: string[] = [];
  const xmlName = `Lohnsteuer${year}.xml`;
  const xmlPath = join(root, 'pap-xml', xmlName);
  if (existsSync(xmlPath)) {
    if (sha256(readFileSync(xmlPath)) !== sha256(xml)) {
      throw new AddYearError(
        `pap-xml/${xmlName} exists with other content; a corrected PAP replaces it only by hand (see pap-xml/README.md).`,
      );
    }
  } else {
    writeFileSync(xmlPath, xml);
    done.push(`pap-xml/${xmlName} written`);
  }

  const hash = sha256(xml);
  const readmePath = join(root, 'pap-xml', 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  if (!readme.includes(hash)) {
    const stand = /<!--\s*Stand:\s*(.*?)\s*-->/.exec(text)?.[1] ?? 'unbekannt';
    const row = `| \`${xmlName}\` | Lohnsteuer${year} | ${stand} | ${year}-01-01 – ${year}-12-31 | \`${hash}\` |`;
    const lines = readme.split('\n');
    const lastRow = lines.reduce((last, line, i) => (line.startsWith('| `Lohnsteuer') ? i : last), -1);
    if (lastRow < 0) throw new AddYearError('pap-xml/README.md has no table of XML files.');
    lines.splice(lastRow + 1, 0, row);
    writeFileSync(readmePath, lines.join('\n'));
    done.push('pap-xml/README.md: row with Stand and SHA-256 added');
  }

  options.generate(root);
  done.push('src/pap/generated/ regenerated');

  done.push(
    ...insertAtMarker(
      join(root, 'src', 'pap', 'registry.ts'),
      '  // add-year: version above this line',
      `  { id: '${year}', validFrom: '${year}-01-01', validTo: '${year}-12-31' },`,
      `id: '${year}'`,
      'src/pap/registry.ts: PAP version registered',
    ),
  );
  const index = join(root, 'src', 'social', 'years', 'index.ts');
  done.push(
    ...insertAtMarker(
      index,
      '// add-year: import above this line',
      `import { SV_${year} } from './sv-${year}.js';`,
      `from './sv-${year}.js'`,
      'src/social/years/index.ts: import added',
    ),
    ...insertAtMarker(
      index,
      '  // add-year: entry above this line',
      `  SV_${year},`,
      `  SV_${year},`,
      'src/social/years/index.ts: year registered',
    ),
  );
  return done;
}

/** Inserts `line` before the marker unless `present` is already in the file. */
function insertAtMarker(path: string, marker: string, line: string, present: string, note: string): string[] {
  const text = readFileSync(path, 'utf8');
  if (text.includes(present)) return [];
  if (!text.includes(marker)) throw new AddYearError(`${path}: marker "${marker.trim()}" not found.`);
  writeFileSync(path, text.replace(marker, `${line}\n${marker}`));
  return [note];
}
