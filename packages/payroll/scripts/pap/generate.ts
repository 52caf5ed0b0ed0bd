/**
 * The PAP code generator as a library: XML text in, TypeScript module text out.
 * `scripts/generate-pap.ts` writes the result to `src/pap/generated/`; the up-to-date
 * test and the test for older PAP years call these functions in memory.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze, type Range } from './analyze.js';
import { typePrefix } from './emit-declarations.js';
import { emitModule } from './emit.js';
import { inputDomain, type InputDomain } from './input-domains.js';
import { splitMethodLocals } from './locals.js';
import { lowerPap } from './lower.js';
import { readPapModel } from './model.js';
import { Interval, Rational } from './rational.js';

/** One generated PAP module. */
export interface GeneratedPap {
  /** Version id derived from the PAP name: "Lohnsteuer2024Dezember" -> "2024Dezember". */
  readonly id: string;
  /** The PAP name attribute. */
  readonly papName: string;
  /** Kebab-case file name of the module, e.g. "lohnsteuer-2024-dezember.ts". */
  readonly fileName: string;
  /** Module text. */
  readonly content: string;
}

/** Where the generated module imports the hand-written runtime from. */
export interface ImportOptions {
  readonly runtimeImport: string;
  readonly typesImport: string;
}

/** Default imports for modules placed in src/pap/generated/. */
export const GENERATED_DIR_IMPORTS: ImportOptions = { runtimeImport: '../runtime.js', typesImport: '../types.js' };

/** SHA-256 of a file's bytes, hex. */
export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Version id from a PAP name ("Lohnsteuer2026" -> "2026"). */
export function versionId(papName: string): string {
  return papName.replace(/^Lohnsteuer/, '');
}

function kebab(id: string): string {
  return id
    .replace(/([0-9])([A-Za-z])/g, '$1-$2')
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .toLowerCase();
}

/** Generates the TypeScript module for one PAP XML document. */
export function generatePap(
  xmlBytes: Uint8Array,
  xmlFile: string,
  imports: ImportOptions = GENERATED_DIR_IMPORTS,
): GeneratedPap {
  const model = readPapModel(new TextDecoder('utf-8').decode(xmlBytes));
  const { program, locals } = splitMethodLocals(lowerPap(model));
  const domains = new Map<string, InputDomain>();
  const ranges = new Map<string, Range>();
  const scales = new Map<string, number>();
  for (const field of program.fields.values()) {
    if (field.role === 'input') {
      const domain = inputDomain(model.name, field.name);
      domains.set(field.name, domain);
      ranges.set(field.name, new Interval(Rational.parse(domain.min), Rational.parse(domain.max)));
      scales.set(field.name, field.type === 'dec' ? domain.scale : 0);
    } else {
      const value = field.defaultValue ?? Rational.ZERO;
      ranges.set(field.name, Interval.point(value));
      scales.set(field.name, field.type === 'dec' ? (value.decimalPlaces() ?? 0) : 0);
    }
  }
  const analysis = analyze(program, ranges, scales);
  const id = versionId(model.name);
  const content = emitModule({
    model,
    program,
    analysis,
    domains,
    locals,
    id,
    xmlFile,
    xmlSha256: sha256(xmlBytes),
    ...imports,
  });
  return { id, papName: model.name, fileName: `lohnsteuer-${kebab(id)}.ts`, content };
}

/** Emits src/pap/generated/index.ts: the module map and per-version type maps. */
export function generateIndex(paps: readonly GeneratedPap[]): string {
  const lines: string[] = [
    '/*',
    ' * GENERATED FILE - DO NOT EDIT. Regenerate with: npx tsx packages/payroll/scripts/generate-pap.ts',
    ' * Index of the PAP modules generated from packages/payroll/pap-xml/*.xml.',
    ' */',
  ];
  const local = (p: GeneratedPap): string => `lohnsteuer${p.id}`;
  for (const p of paps) lines.push(`import * as ${local(p)} from './${p.fileName.replace(/\.ts$/, '.js')}';`);
  for (const p of paps) {
    const prefix = typePrefix(p.papName);
    lines.push(`import type { ${prefix}Input, ${prefix}Output } from './${p.fileName.replace(/\.ts$/, '.js')}';`);
  }
  lines.push('');
  for (const p of paps) {
    const prefix = typePrefix(p.papName);
    lines.push(`export type { ${prefix}Input, ${prefix}Output } from './${p.fileName.replace(/\.ts$/, '.js')}';`);
  }
  lines.push('', '/** Generated PAP modules by version id. */', 'export const PAP_MODULES = {');
  for (const p of paps) lines.push(`  '${p.id}': ${local(p)},`);
  lines.push('} as const;', '', '/** PAP inputs by version id. */', 'export interface PapInputByVersion {');
  for (const p of paps) lines.push(`  '${p.id}': ${typePrefix(p.papName)}Input;`);
  lines.push('}', '', '/** PAP outputs by version id. */', 'export interface PapOutputByVersion {');
  for (const p of paps) lines.push(`  '${p.id}': ${typePrefix(p.papName)}Output;`);
  lines.push('}', '', '/** Id of a generated PAP version, e.g. "2026" or "2024Dezember". */');
  lines.push('export type PapVersionId = keyof PapInputByVersion;', '');
  return lines.join('\n');
}

/** All files of src/pap/generated/ for the XML files in `xmlDir`, keyed by file name. */
export function generateAll(xmlDir: string): Map<string, string> {
  const xmlFiles = readdirSync(xmlDir)
    .filter((f) => /^Lohnsteuer.*\.xml$/.test(f))
    .sort();
  const paps = xmlFiles.map((f) => generatePap(readFileSync(join(xmlDir, f)), f));
  const files = new Map<string, string>();
  for (const p of paps) files.set(p.fileName, p.content);
  files.set('index.ts', generateIndex(paps));
  return files;
}
