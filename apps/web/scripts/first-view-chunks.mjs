// Chunks for the first views the bundle budget and Lighthouse measure (/login, /search, a vehicle page,
// /profile/salary): a code splitting group of vite.config.ts, planned by scripts/build.mjs.
//
// Left to itself, the bundler gives every set of routes that shares a module a chunk of its own: a first
// view then loads 35 to 60 scripts, most of them Mantine modules of 1–2 KB. Over HTTP/1.1 a browser keeps
// six connections per host, so every few requests cost a round trip, which on a phone is what sets the
// pace (ADR 0022). Here the modules of these views are grouped by the views that load them:
// `first-view-vehicle` holds what only the vehicle page loads, `first-view-salary-search-vehicle` the
// signed-in layout and what else the three signed-in pages share, and so on. No view loads a module it
// does not use, so no first view grows; other screens may load a little more.
//
// Which modules a view uses is known only after tree-shaking (a page imports Mantine's barrel file, which
// names every component), so a first build without the group says it: its chunks and their modules.
// - What the entry loads stays out (the `$initial` group takes it), and so do the sign-in page's own
//   modules, which scripts/prerender.mjs looks up by name in the manifest.
// - A module's imports are used by at least the views that use the module, so every import goes to the
//   same group or to one shared more widely: the groups cannot import each other in a circle, and the
//   execution order stays that of the imports.
import fs from 'node:fs';

import { SIGN_IN_MODULES, SIGNED_IN_VIEWS } from './first-views.mjs';

/** The environment variable naming the plan (a JSON file) for the second build. */
export const FIRST_VIEW_PLAN_ENV = 'FIRST_VIEW_CHUNKS_PLAN';

/** @type {Record<string, string[]>} each view's modules: what its routes load */
const VIEWS = {
  login: SIGN_IN_MODULES,
  ...Object.fromEntries(Object.entries(SIGNED_IN_VIEWS).map(([view, { modules }]) => [view, modules])),
};

/** @typedef {{ type: 'chunk', fileName: string, moduleIds: string[], imports: string[], facadeModuleId: string | null, isEntry: boolean }} Chunk */

/**
 * The chunk each module of a first view goes to, from the output of a build without this group.
 * @param {ReadonlyArray<Chunk | { type: 'asset' }>} output
 * @param {string} appDir the app's folder, without a trailing separator
 * @returns {Record<string, string>}
 */
export function planFirstViewChunks(output, appDir) {
  const chunks = /** @type {Chunk[]} */ (output.filter((item) => item.type === 'chunk'));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('first-view-chunks: the build has no entry chunk');
  /** @param {string} file */
  const chunkOf = (file) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === `${appDir}/${file}`);
    if (!chunk) throw new Error(`first-view-chunks: no chunk starts at ${file}; update the list of views`);
    return chunk;
  };
  /** The modules of `roots` and of every chunk they import statically. @param {Chunk[]} roots */
  const modulesLoaded = (roots) => {
    const seen = new Set();
    const pending = [...roots];
    while (pending.length > 0) {
      const chunk = /** @type {Chunk} */ (pending.pop());
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) pending.push(/** @type {Chunk} */ (byFile.get(file)));
    }
    return new Set([...seen].flatMap((chunk) => chunk.moduleIds));
  };

  const keep = new Set([...modulesLoaded([entry]), ...SIGN_IN_MODULES.map((file) => `${appDir}/${file}`)]);
  const views = Object.entries(VIEWS).map(
    ([view, files]) => /** @type {const} */ ([view, modulesLoaded([entry, ...files.map(chunkOf)])]),
  );
  /** @type {Record<string, string>} */
  const plan = {};
  for (const [, modules] of views) {
    for (const id of modules) {
      if (keep.has(id) || id in plan) continue;
      const users = views.filter(([, used]) => used.has(id)).map(([view]) => view);
      plan[id] = `first-view-${users.sort().join('-')}`;
    }
  }
  return plan;
}

/**
 * The group's `name` function: the planned chunk of a module, or null to leave it to the bundler (the
 * first build, the prerender's server build and the dev server run without a plan).
 * @returns {(moduleId: string) => string | null}
 */
export function firstViewChunkName() {
  const file = process.env[FIRST_VIEW_PLAN_ENV];
  /** @type {Record<string, string>} */
  const plan = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return (moduleId) => plan[moduleId] ?? null;
}
