// The module table of docs/ARCHITECTURE.md, generated from the modules (ADR 0049): one row per folder of
// apps/api/src/modules with its face (the names its index.ts exports), its tables (those whose
// declaration in apps/api/src/db/schema*.ts says `owner: <module>`, read by the rooms check's
// `tableOwners`) and its purpose (the first sentence of index.ts's leading doc comment). `npm run map`
// writes it between the markers; scripts/architecture-map.mjs fails when the document says otherwise.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { tableOwners } from './architecture-rooms.mjs';

export const DOC = 'docs/ARCHITECTURE.md';
export const MODULES_START = '<!-- modules:start -->';
export const MODULES_END = '<!-- modules:end -->';
const MODULES = 'apps/api/src/modules';
/** Tables owned by the API's core (`lib/`), named `owner: core` where they are declared. */
const CORE = 'core';
/** A longer face shows its first names and how many more: the cell stays one line on the page. */
const FACE_NAMES_SHOWN = 3;
const RUN_MAP = 'run `npm run map`';

/** The names index.ts exports: values first, then types, each in the file's order. */
function faceOf(source) {
  const values = [];
  const types = [];
  const exported = (node) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) {
        // `export * from './x.js'`: the names are the file's; the map names the file.
        values.push(`* from ${statement.moduleSpecifier.text}`);
      } else if (ts.isNamespaceExport(clause)) {
        values.push(clause.name.text);
      } else {
        for (const element of clause.elements) {
          (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
        }
      }
    } else if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) values.push(declaration.name.getText(source));
    } else if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && exported(statement)) {
      types.push(statement.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      exported(statement)
    ) {
      values.push(statement.name?.text ?? 'default');
    }
  }
  return [...values, ...types];
}

/** The leading `/** … *\/` of a file as plain text (null when the file opens otherwise). */
function leadingDocComment(text) {
  const range = ts.getLeadingCommentRanges(text, 0)?.[0];
  if (!range || !text.startsWith('/**', range.pos)) return null;
  return text
    .slice(range.pos + 3, range.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}

/** The first sentence: up to the first full stop outside code spans that ends a word group. */
export function firstSentence(comment) {
  const paragraph = comment
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim();
  let inCode = false;
  for (let i = 0; i < paragraph.length; i++) {
    if (paragraph[i] === '`') inCode = !inCode;
    else if (!inCode && paragraph[i] === '.' && (i + 1 === paragraph.length || paragraph[i + 1] === ' ')) {
      return paragraph.slice(0, i + 1);
    }
  }
  return paragraph;
}

/** SQL name of a drizzle table export (`export const users = pgTable('users', …)`) in its schema file. */
function sqlNameOf(root, file, exportName) {
  const text = readFileSync(join(root, file), 'utf8');
  const match = new RegExp(`export const ${exportName} = pgTable\\(\\s*['"]([^'"]+)['"]`).exec(text);
  return match ? match[1] : exportName;
}

/**
 * What the code says of each module: `{ modules: [{ name, face, purpose, tables }], coreTables, problems }`.
 * `face` is null without an index.ts, `purpose` null without a leading doc comment; both are problems.
 */
export function moduleFacts(root) {
  const dir = join(root, MODULES);
  const names = readdirSync(dir)
    .filter((m) => statSync(join(dir, m)).isDirectory())
    .sort();
  const problems = [];
  const tablesOf = new Map(names.map((m) => [m, []]));
  const coreTables = [];
  for (const [exportName, { owner, file }] of tableOwners(root)) {
    const sqlName = sqlNameOf(root, file, exportName);
    if (owner === CORE) coreTables.push(sqlName);
    else if (owner && tablesOf.has(owner)) tablesOf.get(owner).push(sqlName);
    else if (owner) problems.push(`table ${sqlName} (${file}) names owner ${owner}, which is no module in ${MODULES}`);
    else
      problems.push(`table ${sqlName} (${file}) names no owner: add \`/** owner: <module> … */\` where it is declared`);
  }
  const modules = names.map((name) => {
    const face = join(dir, name, 'index.ts');
    if (!existsSync(face)) {
      problems.push(`${MODULES}/${name} has no index.ts, its face`);
      return { name, face: null, purpose: null, tables: tablesOf.get(name).sort() };
    }
    const text = readFileSync(face, 'utf8');
    const comment = leadingDocComment(text);
    if (!comment) {
      problems.push(
        `${MODULES}/${name}/index.ts opens with no doc comment (\`/** <what the module does>. … */\`): its first sentence is the map's purpose`,
      );
    }
    // The details name the module's decisions and pages; a renamed or removed one must not linger there.
    for (const path of new Set(comment?.match(/\bdocs\/[\w./-]+\.md\b/g) ?? [])) {
      if (!existsSync(join(root, path))) problems.push(`${MODULES}/${name}/index.ts names ${path}, which is not there`);
    }
    const source = ts.createSourceFile(face, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    return {
      name,
      face: faceOf(source),
      purpose: comment ? firstSentence(comment) : null,
      tables: tablesOf.get(name).sort(),
    };
  });
  return { modules, coreTables: coreTables.sort(), problems };
}

const code = (name) => `\`${name}\``;
const cell = (text) => text.replace(/\|/g, '\\|');

function faceCell(face) {
  if (face === null) return '– (no `index.ts`)';
  if (face.length === 0) return '–';
  const shown = face.slice(0, FACE_NAMES_SHOWN).map(code).join(', ');
  return face.length > FACE_NAMES_SHOWN ? `${shown} +${face.length - FACE_NAMES_SHOWN}` : shown;
}

function tablesCell(module, tableReaders) {
  const own = module.tables.map(code).join(', ');
  const reads = tableReaders.includes(module.name) ? 'reads every table (`tableReaders`)' : '';
  return [own, reads].filter(Boolean).join('; ') || '–';
}

/** The table's lines as `npm run map` writes them (before prettier pads the columns). */
export function moduleTableLines(facts, { tableReaders = [] } = {}) {
  const rows = facts.modules.map(
    (m) =>
      `| ${code(m.name)} | ${cell(faceCell(m.face))} | ${cell(tablesCell(m, tableReaders))} | ${cell(m.purpose ?? '–')} |`,
  );
  const core = facts.coreTables.length
    ? ['', `The core's own tables (\`apps/api/src/lib\`, \`owner: core\`): ${facts.coreTables.map(code).join(', ')}.`]
    : [];
  return ['| Module | Face (`index.ts`) | Tables it owns | What it does |', '|---|---|---|---|', ...rows, ...core];
}

/** A table row's cells, trimmed (prettier's padding aside); other lines as they are. */
function normalised(line) {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return trimmed;
  const cells = trimmed
    .slice(1, trimmed.endsWith('|') ? -1 : undefined)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
  // The separator row, whatever its dashes and colons.
  return cells.every((c) => /^:?-+:?$/.test(c)) ? '|---|' : cells.join(' | ');
}

/** The module a normalised row is about: its first cell, `<module>`. */
const rowModule = (line) => /^`([^`]+)` \|/.exec(line)?.[1] ?? null;

function blockOf(text) {
  const start = text.indexOf(MODULES_START);
  const end = text.indexOf(MODULES_END);
  if (start < 0 || end < start) return null;
  return text.slice(start + MODULES_START.length, end).split('\n');
}

/** Where the document's module table differs from what the modules give, each with the way out. */
export function moduleTableProblems(root, text, { tableReaders = [] } = {}) {
  const facts = moduleFacts(root);
  const problems = [...facts.problems];
  const block = blockOf(text);
  if (block === null) {
    return [...problems, `${DOC} has no module table between ${MODULES_START} and ${MODULES_END}: ${RUN_MAP}`];
  }
  const wanted = moduleTableLines(facts, { tableReaders }).map(normalised).filter(Boolean);
  const found = block.map(normalised).filter(Boolean);
  if (JSON.stringify(wanted) === JSON.stringify(found)) return problems;
  const byModule = (lines) => new Map(lines.filter(rowModule).map((line) => [rowModule(line), line]));
  const wantedRows = byModule(wanted);
  const foundRows = byModule(found);
  const before = problems.length;
  for (const [module, row] of wantedRows) {
    if (!foundRows.has(module)) problems.push(`${DOC} lists no module ${module} (${MODULES}/${module}): ${RUN_MAP}`);
    else if (foundRows.get(module) !== row) {
      problems.push(
        `${DOC}'s row of module ${module} is not what ${MODULES}/${module} says (face, tables, purpose): ${RUN_MAP}`,
      );
    }
  }
  for (const module of foundRows.keys()) {
    if (!wantedRows.has(module)) problems.push(`${DOC} lists module ${module}, which ${MODULES} has not: ${RUN_MAP}`);
  }
  if (problems.length === before) problems.push(`${DOC}'s module table is not what the code gives: ${RUN_MAP}`);
  return problems;
}

/** Writes the generated table between the markers, then lets prettier format the document as the repository does. */
export async function writeModuleTable(root, { tableReaders = [] } = {}) {
  const path = join(root, DOC);
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(MODULES_START);
  const end = text.indexOf(MODULES_END);
  if (start < 0 || end < start)
    throw new Error(`${DOC} has no ${MODULES_START} … ${MODULES_END} to write the module table into`);
  const table = moduleTableLines(moduleFacts(root), { tableReaders }).join('\n');
  const next = `${text.slice(0, start + MODULES_START.length)}\n\n${table}\n\n${text.slice(end)}`;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(next, { ...options, filepath: path }));
}

// `npm run map`: the repository's table, with the readers declared in the architecture config.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const { ROOMS } = await import('../eslint.architecture.config.js');
  await writeModuleTable(root, { tableReaders: ROOMS.tableReaders });
  const facts = moduleFacts(root);
  for (const problem of facts.problems) console.warn(problem);
  console.log(`${DOC}: the module table written from ${facts.modules.length} modules.`);
}
