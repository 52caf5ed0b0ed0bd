// The map that is checked (ADR 0049): docs/ARCHITECTURE.md lists every API module (its table "API
// modules") and every browser spec in e2e/ (its table "Browser specs"), and every path its table
// "Where to change what" names exists. Run by scripts/check-architecture.mjs, on a scratch layout first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DOC = 'docs/ARCHITECTURE.md';

/** The rows of the first table under the heading that starts with `heading`, as arrays of cells. */
function tableRows(text, heading) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## ${heading}`));
  if (start < 0) return null;
  const rows = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.startsWith('|')) {
      inTable = true;
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    } else if (inTable) break;
  }
  // Without the header and the separator.
  return rows.slice(2);
}

const ticked = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

function listed(text, heading) {
  const rows = tableRows(text, heading);
  return rows === null ? null : new Set(rows.flatMap((row) => ticked(row[0] ?? '')));
}

/** Whether a path of the map names something in the tree: globs (`*`, `<feature>`) need one match. */
function exists(root, path) {
  const pattern = path.replace(/<[^>]+>/g, '*');
  if (!pattern.includes('*')) return existsSync(join(root, pattern));
  const parts = pattern.split('/');
  const walk = (dir, i) => {
    if (i === parts.length) return true;
    if (!parts[i].includes('*')) return existsSync(join(dir, parts[i])) && walk(join(dir, parts[i]), i + 1);
    const re = new RegExp(`^${parts[i].replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    let entries;
    try {
      entries = statSync(dir).isDirectory() ? readdirSync(dir) : [];
    } catch {
      return false;
    }
    return entries.some((entry) => re.test(entry) && walk(join(dir, entry), i + 1));
  };
  return walk(root, 0);
}

/** Where a path of the table is looked for: from the repository, the API's sources, its modules. */
const BASES = ['', 'apps/api/src', 'apps/api/src/modules'];

export function mapProblems(root) {
  const problems = [];
  const text = readFileSync(join(root, DOC), 'utf8');

  const modulesDir = join(root, 'apps/api/src/modules');
  const modules = readdirSync(modulesDir).filter((m) => statSync(join(modulesDir, m)).isDirectory());
  const moduleRows = listed(text, 'API modules');
  if (moduleRows === null) problems.push(`${DOC} has no table "API modules"`);
  for (const m of modules.sort()) {
    if (moduleRows && !moduleRows.has(m)) problems.push(`${DOC} lists no module ${m} (apps/api/src/modules/${m})`);
  }

  const specs = readdirSync(join(root, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.slice(0, -'.spec.ts'.length));
  const specRows = listed(text, 'Browser specs');
  if (specRows === null) problems.push(`${DOC} has no table "Browser specs"`);
  for (const spec of specs.sort()) {
    if (specRows && !specRows.has(spec)) problems.push(`${DOC} lists no browser spec ${spec} (e2e/${spec}.spec.ts)`);
  }

  for (const row of tableRows(text, 'Where to change what') ?? []) {
    for (const token of ticked(row[1] ?? '')) {
      const path = token.split('#')[0];
      // Paths only: no URLs, commands, settings or code.
      if (!path.includes('/') || path.startsWith('/') || /\s/.test(path) || !/\.[a-z]+$|\/$/.test(path)) continue;
      if (!BASES.some((base) => exists(join(root, base), path))) {
        problems.push(`${DOC} names ${path}, which is not there`);
      }
    }
  }
  return problems;
}
