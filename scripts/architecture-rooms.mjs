// The API's rooms (ADR 0049): every folder of apps/api/src/modules is a room whose one door is its
// `index.ts`. Two rules for eslint.architecture.config.js and the module graph that
// scripts/check-architecture.mjs checks for circles:
// - `rooms/through-the-face`: a module or a flow imports another module only through its index.ts, and
//   no module imports a flow (flows sit above the modules and compose them);
// - `rooms/own-tables`: a module imports from the drizzle schema (apps/api/src/db/schema*.ts) only the
//   tables it owns (`/** owner: <module> … */` on the table), unless it is one of `tableReaders` (or the
//   file still owes the move to the owner's face: `debt`, file → tables, which only shrinks).
// Test files are the module's own business: they may reach into any room.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const API = 'apps/api/src';
const MODULES = `${API}/modules`;
const FLOWS = `${API}/flows`;

const isTest = (file) => /\.test\.tsx?$/.test(file);
const posix = (path) => path.split('\\').join('/');

/** `apps/api/src/modules/<m>/…` → m; anything else → null. Paths relative to the repository. */
export function moduleOf(rel) {
  const match = /^apps\/api\/src\/modules\/([^/]+)\//.exec(rel);
  return match ? match[1] : null;
}

/** The repository-relative path a relative specifier of `fromRel` names, as the .ts source. */
function targetOf(fromRel, specifier) {
  if (!specifier.startsWith('.')) return null;
  return posix(join(dirname(fromRel), specifier)).replace(/\.js$/, '.ts');
}

const isFace = (rel, module) => rel === `${MODULES}/${module}/index.ts`;

function sourceOf(node) {
  return node.source && typeof node.source.value === 'string' ? node.source.value : null;
}

function relativeTo(context, file) {
  return posix(relative(context.cwd, file));
}

function matchesAny(rel, list) {
  return list.some((entry) => rel === entry || (entry.endsWith('/') && rel.startsWith(entry)));
}

const throughTheFace = {
  meta: {
    type: 'problem',
    docs: { description: 'A module reaches another module only through its index.ts.' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } } }],
  },
  create(context) {
    const rel = relativeTo(context, context.filename);
    const allow = context.options[0]?.allow ?? [];
    const own = moduleOf(rel);
    const inFlows = rel.startsWith(`${FLOWS}/`);
    if ((!own && !inFlows) || isTest(rel) || matchesAny(rel, allow)) return {};
    const check = (node) => {
      const specifier = sourceOf(node);
      const target = specifier && targetOf(rel, specifier);
      if (!target) return;
      if (own && target.startsWith(`${FLOWS}/`)) {
        context.report({
          node: node.source,
          message: `modules/${own} imports a flow (${target}): flows sit above the modules; ask for it through the module's deps.`,
        });
        return;
      }
      const theirs = moduleOf(target);
      if (!theirs || theirs === own || isFace(target, theirs)) return;
      context.report({
        node: node.source,
        message: `${own ? `modules/${own}` : 'A flow'} reaches into modules/${theirs} (${target.slice(MODULES.length + 1)}): import '${theirs}/index.js', its face, and export there what it offers.`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node);
      },
    };
  },
};

/** table export name → owner, from the `owner:` line of each table's comment in the schema files. */
export function tableOwners(root) {
  const owners = new Map();
  const dir = join(root, API, 'db');
  for (const file of readdirSync(dir)) {
    if (!/^schema.*\.ts$/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    const table = /\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*export const (\w+) = pgTable\(/g;
    for (const match of text.matchAll(table)) {
      const owner = /owner:\s*([a-z-]+)/.exec(match[1]);
      if (owner) owners.set(match[2], { owner: owner[1], file: `${API}/db/${file}` });
    }
    for (const match of text.matchAll(/export const (\w+) = pgTable\(/g)) {
      if (!owners.has(match[1])) owners.set(match[1], { owner: null, file: `${API}/db/${file}` });
    }
  }
  return owners;
}

const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: "A module queries only the tables it owns; another's through the owner's face." },
    schema: [
      {
        type: 'object',
        properties: {
          tableReaders: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
          debt: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
      },
    ],
  },
  create(context) {
    const rel = relativeTo(context, context.filename);
    const { tableReaders = [], allow = [], debt = {} } = context.options[0] ?? {};
    const owed = new Set(debt[rel] ?? []);
    const own = moduleOf(rel) ?? (rel.startsWith(`${FLOWS}/`) ? 'flows' : null);
    if (!own || isTest(rel) || tableReaders.includes(own) || matchesAny(rel, allow)) return {};
    const owners = tableOwners(context.cwd);
    return {
      ImportDeclaration(node) {
        const specifier = sourceOf(node);
        const target = specifier && targetOf(rel, specifier);
        if (!target || !/^apps\/api\/src\/db\/schema[^/]*\.ts$/.test(target)) return;
        for (const spec of node.specifiers) {
          const name = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
          const table = name && owners.get(name);
          if (!table) continue;
          if (table.owner === null) {
            context.report({
              node: spec,
              message: `Table ${name} names no owner: add \`/** owner: <module> … */\` in ${table.file}.`,
            });
          } else if (table.owner !== own && !owed.has(name)) {
            context.report({
              node: spec,
              message: `${own === 'flows' ? 'A flow' : `modules/${own}`} queries ${name}, a table of modules/${table.owner}: ask ${table.owner}'s face.`,
            });
          }
        }
      },
    };
  },
};

export const roomsPlugin = {
  meta: { name: 'rooms' },
  rules: { 'through-the-face': throughTheFace, 'own-tables': ownTables },
};

// ---------------------------------------------------------------------------------------------
// The module graph: which room imports which (type-only imports too: a type is knowledge of a room).

function walk(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mts)$/.test(entry)) out.push(path);
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Edges `a → b` with the files that make them, for the non-test sources under apps/api/src/modules. */
export function moduleEdges(root, { allow = [] } = {}) {
  const edges = new Map();
  for (const file of walk(join(root, MODULES))) {
    const rel = posix(relative(root, file));
    if (isTest(rel) || matchesAny(rel, allow)) continue;
    const from = moduleOf(rel);
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    for (const match of text.matchAll(IMPORT)) {
      const target = targetOf(rel, match[1] ?? match[2]);
      const to = target && moduleOf(target);
      if (!to || to === from) continue;
      const key = `${from}→${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, files: new Set() });
      edges.get(key).files.add(rel);
    }
  }
  return [...edges.values()];
}

/** The circles among the modules: each strongly connected set of more than one, with a path round it. */
export function moduleCircles(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    next.get(from).push(to);
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const sets = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const set = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) sets.push(set.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  const byKey = new Map(edges.map((e) => [`${e.from}→${e.to}`, e]));
  return sets.map((set) => {
    // A path round the circle from its first module, for the message.
    const inSet = new Set(set);
    const path = [set[0]];
    const seen = new Set(path);
    let at = set[0];
    for (;;) {
      const step = (next.get(at) ?? []).filter((w) => inSet.has(w)).sort();
      const home = step.includes(set[0]) && path.length > 1 ? set[0] : step.find((w) => !seen.has(w));
      if (!home) break;
      path.push(home);
      if (home === set[0]) break;
      seen.add(home);
      at = home;
    }
    const steps = path.slice(1).map((to, i) => {
      const edge = byKey.get(`${path[i]}→${to}`);
      return `${path[i]} → ${to} (${[...edge.files].sort()[0]})`;
    });
    return { modules: set, steps };
  });
}
