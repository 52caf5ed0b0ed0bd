// The map that is checked (ADR 0049): docs/ARCHITECTURE.md's module table is what the modules say
// (scripts/architecture-modules.mjs, written by `npm run map`), its table "Browser specs" names every
// e2e/*.spec.ts, every path its sections "Flows" and "Where to change what" name exists, and every relative
// link of the page and of its pages in docs/architecture/ leads to a file. Run by
// scripts/check-architecture.mjs, on scratch layouts first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { DOC, moduleTableProblems } from './architecture-modules.mjs';

/** The pages the map links to, one folder beside it. */
const PAGES = 'docs/architecture';

/** The lines of the section under the heading that starts with `heading` (null when there is none). */
function sectionLines(text, heading) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## ${heading}`));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The rows of the first table under the heading, as arrays of cells (header and separator left out). */
function tableRows(text, heading) {
  const lines = sectionLines(text, heading);
  if (lines === null) return null;
  const rows = [];
  for (const line of lines) {
    if (line.startsWith('|')) {
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    } else if (rows.length > 0) break;
  }
  return rows.slice(2);
}

const ticked = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

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

/** Where a path of the map is looked for: from the repository, the API's sources, its modules. */
const BASES = ['', 'apps/api/src', 'apps/api/src/modules'];

/** Paths only: no URLs, routes, commands, settings or code (a `#name` after a file names a function in it). */
function pathsIn(text) {
  return ticked(text)
    .map((token) => token.split('#')[0])
    .filter((path) => path.includes('/') && !path.startsWith('/') && !/\s/.test(path) && /\.[a-z]+$|\/$/.test(path));
}

/** Relative links (`[text](target)`) of a page that lead nowhere. */
function deadLinks(root, page) {
  const text = readFileSync(join(root, page), 'utf8');
  const dead = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target) || target.startsWith('#')) continue;
    const file = target.split('#')[0];
    if (!existsSync(join(root, dirname(page), file))) dead.push(`${page} links to ${target}, which is not there`);
  }
  return dead;
}

export function mapProblems(root, { tableReaders = [] } = {}) {
  const text = readFileSync(join(root, DOC), 'utf8');
  const problems = moduleTableProblems(root, text, { tableReaders });

  const specs = readdirSync(join(root, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.slice(0, -'.spec.ts'.length));
  const specRows = tableRows(text, 'Browser specs');
  if (specRows === null) problems.push(`${DOC} has no table "Browser specs"`);
  const listedSpecs = new Set((specRows ?? []).flatMap((row) => ticked(row[0] ?? '')));
  for (const spec of specs.sort()) {
    if (specRows && !listedSpecs.has(spec)) problems.push(`${DOC} lists no browser spec ${spec} (e2e/${spec}.spec.ts)`);
  }

  for (const heading of ['Flows', 'Where to change what']) {
    const lines = sectionLines(text, heading);
    if (lines === null) {
      problems.push(`${DOC} has no section "${heading}"`);
      continue;
    }
    for (const path of new Set(pathsIn(lines.join('\n')))) {
      if (!BASES.some((base) => exists(join(root, base), path))) {
        problems.push(`${DOC} names ${path} (in "${heading}"), which is not there`);
      }
    }
  }

  const pagesDir = join(root, PAGES);
  const pages = existsSync(pagesDir)
    ? readdirSync(pagesDir)
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => `${PAGES}/${f}`)
    : [];
  for (const page of [DOC, ...pages]) problems.push(...deadLinks(root, page));
  return problems;
}
