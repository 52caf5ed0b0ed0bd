/**
 * Generates TypeScript from the BMF PAP XML files.
 *
 *   npx tsx packages/payroll/scripts/generate-pap.ts          # write src/pap/generated/
 *   npx tsx packages/payroll/scripts/generate-pap.ts --check  # exit 1 if out of date
 *
 * Reads every packages/payroll/pap-xml/Lohnsteuer*.xml and writes one module per file plus
 * an index. Stale generated modules (XML removed) are deleted.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll } from './pap/generate.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const xmlDir = join(packageRoot, 'pap-xml');
const outDir = join(packageRoot, 'src', 'pap', 'generated');

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function main(): void {
  const check = process.argv.includes('--check');
  const files = generateAll(xmlDir);
  mkdirSync(outDir, { recursive: true });
  const existing = readdirSync(outDir).filter((f) => f.endsWith('.ts'));
  const stale = existing.filter((f) => !files.has(f));
  const changed = [...files]
    .filter(([name, content]) => readIfExists(join(outDir, name)) !== content)
    .map(([name]) => name);
  if (check) {
    if (changed.length > 0 || stale.length > 0) {
      console.error(`Generated PAP code is out of date: ${[...changed, ...stale].join(', ')}`);
      process.exitCode = 1;
    }
    return;
  }
  for (const name of changed) writeFileSync(join(outDir, name), files.get(name) ?? '');
  for (const name of stale) rmSync(join(outDir, name));
  console.log(`PAP modules: ${files.size - 1} generated, ${changed.length} file(s) written, ${stale.length} removed.`);
}

main();
