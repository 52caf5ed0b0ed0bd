// Writes the pages the build prepares ahead, beside dist/index.html; the server answers their paths with
// them (apps/api/src/plugins/web-app.ts):
// - login.html: the built index.html with the sign-in page already in it, rendered by the app's own
//   components (src/prerender/login-page.tsx, built for Node in a scratch folder), so the page paints
//   before its scripts have loaded (ADR 0023). The app renders over it and carries focus, typed text and
//   a held submission across (src/lib/prerendered.ts).
// - one page per signed-in first view (search.html, vehicle/[vehicleId].html, profile/salary.html):
//   index.html that names the route's scripts and stylesheets in its head, so they load with the entry
//   instead of after it has run (ADR 0022). Their content is the person's own; a view that names a
//   `shell` (/search, /profile/salary) gets the page as it shows before the person's data has arrived,
//   the same for everyone, which paints while the scripts load (ADR 0023). A shell with the page's
//   picture in it (the vehicle page) is written beside the page as `….with-picture.html`, with a slot
//   the server fills in (PAGE_PICTURE_SLOT); the page itself stays one without a shell, for an address
//   whose picture the server does not know.
// Usage: node apps/web/scripts/prerender.mjs (after the app's build)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'vite';

import { SIGN_IN_MODULES, SIGNED_IN_VIEWS } from './first-views.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webDir, 'dist');
const ROOT = '<div id="root"></div>';
const HTML_TAG = '<html lang="de">';

// Inside the package, so the server build's imports of libraries resolve from its node_modules.
const outDir = path.join(webDir, 'node_modules', '.cache', 'prerender');
try {
  await build({
    root: webDir,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir,
      emptyOutDir: true,
    },
  });
  const entry = fs.readdirSync(outDir).find((name) => /^render-page\.m?js$/.test(name));
  if (!entry) throw new Error(`the server build wrote no render-page.js into ${outDir}`);
  /** @type {{ renderPage: (path: string) => Promise<Snapshot>, PAGE_PICTURE_SLOT: string }} */
  const { renderPage, PAGE_PICTURE_SLOT } = await import(pathToFileURL(path.join(outDir, entry)).href);
  const { html, title } = await renderPage('/login');

  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  /** @type {Manifest} */
  const manifest = withGroupedModules(
    JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')),
    JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'modules.json'), 'utf8')),
  );
  const page = prerenderedPage(index, manifest, SIGN_IN_MODULES, { html, title });
  fs.writeFileSync(path.join(distDir, 'login.html'), page);
  console.log(`prerendered /login: ${Buffer.byteLength(html)} bytes of HTML`);
  const views = Object.values(SIGNED_IN_VIEWS);
  for (const view of views) {
    const { page: file, modules, namespaces, requests } = view;
    const shell = 'shell' in view ? await renderPage(view.shell) : undefined;
    const withPicture = shell?.html.includes(PAGE_PICTURE_SLOT);
    const write = (/** @type {string} */ name, /** @type {Snapshot} [snapshot] */ snapshot) =>
      fs.writeFileSync(
        path.join(distDir, name),
        routePage(index, manifest, modules, { namespaces, requests }, snapshot),
      );
    fs.mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    write(file, withPicture ? undefined : shell);
    if (withPicture) write(file.replace(/\.html$/, '.with-picture.html'), shell);
    if (shell) console.log(`prerendered ${view.shell} before its data: ${Buffer.byteLength(shell.html)} bytes of HTML`);
  }
  console.log(`wrote ${views.map((view) => view.page).join(', ')} with their routes' scripts named`);
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  // The manifest was only for this; the server need not hand it out.
  fs.rmSync(path.join(distDir, '.vite'), { recursive: true, force: true });
}

/** @typedef {Record<string, { file: string, isEntry?: boolean, css?: string[], imports?: string[] }>} Manifest */
/** @typedef {{ html: string, title: string }} Snapshot a page rendered at build time, and its title */

/**
 * The manifest, with the modules that went into a chunk of several (scripts/first-view-chunks.mjs)
 * added under their own path as that chunk.
 * @param {Manifest} manifest
 * @param {Record<string, string>} modules the chunk file of each of the app's modules (scripts/build.mjs)
 * @returns {Manifest}
 */
function withGroupedModules(manifest, modules) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  /** @type {Manifest} */
  const grouped = {};
  for (const [module, file] of Object.entries(modules)) {
    const chunk = byFile.get(file);
    if (chunk && !(module in manifest)) grouped[module] = chunk;
  }
  return { ...grouped, ...manifest };
}

/**
 * The entry's file and every script and stylesheet the entry and `modules` load before they run.
 * @param {Manifest} manifest
 * @param {string[]} modules source paths, as the manifest names them
 */
function chunksOf(manifest, modules) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build manifest names no entry');
  const scripts = new Set();
  const styles = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no ${key}`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  [entryKey, ...modules].forEach(visit);
  const entry = `/${manifest[entryKey].file}`;
  return {
    entry,
    scripts: [...scripts].map((file) => `/${file}`).filter((href) => href !== entry),
    styles: [...styles].map((file) => `/${file}`),
  };
}

/**
 * index.html with the scripts and stylesheets of a route's modules in its head. The entry would find
 * them only once it has run and the router has matched the path: a round trip later on a phone. The
 * page's texts and first requests are named on the root element; public/before-first-paint.js starts them
 * (the texts in the language the browser chose), as they would otherwise wait for the scripts. With a `shell` (the page as it shows
 * before the person's data has come) the page is a prerendered one (`prerenderedPage`), hidden from a
 * browser without a session (data-signed-in-only, public/before-first-paint.js), which the app sends
 * to /login.
 * @param {string} index
 * @param {Manifest} manifest
 * @param {string[]} modules
 * @param {{ namespaces: string[], requests: string[] }} data the page's texts and first requests
 * @param {Snapshot} [shell]
 */
function routePage(index, manifest, modules, { namespaces, requests }, shell) {
  // The early requests go to the page's own origin; an API elsewhere gets them once the scripts run.
  const early = process.env['VITE_API_BASE_URL'] ? [] : requests;
  const data = `data-translations="${['translation', ...namespaces].join(' ')}" data-first-requests="${early.join(' ')}"`;
  if (shell) return prerenderedPage(index, manifest, modules, shell, `data-signed-in-only ${data}`);
  const { scripts, styles } = chunksOf(manifest, modules);
  const fresh = (/** @type {string} */ href) => !index.includes(`"${href}"`);
  const links = [
    ...styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...scripts.filter(fresh).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  if (![HTML_TAG, '</head>'].every((part) => index.includes(part)))
    throw new Error(`dist/index.html lacks ${HTML_TAG} or </head>`);
  return index
    .replace(HTML_TAG, `<html lang="de" ${data}>`)
    .replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}  </head>`);
}

/**
 * index.html with `snapshot` in #root, its title, and the stylesheets it needs in the head. Its scripts
 * (the entry, its imports and `modules` with theirs) are left to public/after-first-paint.js, which
 * starts them after the first paint: on a slow line the stylesheets then have it to themselves.
 * @param {string} index
 * @param {Manifest} manifest
 * @param {string[]} modules
 * @param {Snapshot} snapshot
 * @param {string} [attributes] more attributes of the html element
 */
function prerenderedPage(index, manifest, modules, { html, title }, attributes = '') {
  const { entry, scripts: preloads, styles } = chunksOf(manifest, modules);

  const entryTag = `<script type="module" crossorigin src="${entry}"></script>`;
  const preloadTags = /^\s*<link rel="modulepreload"[^>]*>\n/gm;
  if (![ROOT, entryTag, HTML_TAG].every((part) => index.includes(part))) {
    throw new Error(`dist/index.html lacks one of ${ROOT}, ${entryTag}, ${HTML_TAG}`);
  }
  const stylesheets = styles
    .filter((href) => !index.includes(`${href}"`))
    .map((href) => `  <link rel="stylesheet" crossorigin href="${href}">\n`)
    .join('');
  const boot = `<script defer src="/after-first-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  // The app's forms have no method: a browser without scripts would send them as GET, the password in
  // the address (history, server logs). As POST the body goes nowhere: the server takes no form posts.
  const withMethod = html.replace(/<form(?![^>]*\bmethod=)/g, '<form method="post"');
  return (
    index
      // Light until public/before-first-paint.js applies the stored scheme; without scripts it stays light.
      .replace(HTML_TAG, `<html lang="de" data-mantine-color-scheme="light"${attributes ? ` ${attributes}` : ''}>`)
      .replace(entryTag, '')
      .replace(preloadTags, '')
      .replace('</head>', `${stylesheets}  </head>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(ROOT, `<div id="root"><div data-prerendered aria-busy="true">${withMethod}</div></div>`)
      .replace('</body>', `  ${boot}\n  </body>`)
  );
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
