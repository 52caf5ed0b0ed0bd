// Writes dist/login.html: the built index.html with the sign-in page already in it, rendered by the
// app's own components (src/prerender/login-page.tsx, built for Node in a scratch folder), so the page
// paints before its scripts have loaded; the server answers /login with it (ADR 0023). The app renders
// over it and carries focus, typed text and a held submission across (src/lib/prerendered.ts).
// Usage: node apps/web/scripts/prerender.mjs (after vite build)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webDir, 'dist');
const ROOT = '<div id="root"></div>';
/** The modules the router loads for /login (src/app/router.tsx) and the takeover of the snapshot (main.tsx). */
const LOGIN_MODULES = ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx', 'src/lib/prerendered.ts'];

// Inside the package, so the server build's imports of libraries resolve from its node_modules.
const outDir = path.join(webDir, 'node_modules', '.cache', 'prerender');
try {
  await build({
    root: webDir,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/login-page.tsx',
      outDir,
      emptyOutDir: true,
    },
  });
  const entry = fs.readdirSync(outDir).find((name) => /^login-page\.m?js$/.test(name));
  if (!entry) throw new Error(`the server build wrote no login-page.js into ${outDir}`);
  /** @type {{ renderLoginPage: () => Promise<{ html: string, title: string }> }} */
  const { renderLoginPage } = await import(pathToFileURL(path.join(outDir, entry)).href);
  const { html, title } = await renderLoginPage();

  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const page = loginPage(index, html, title);
  fs.writeFileSync(path.join(distDir, 'login.html'), page);
  console.log(`prerendered /login: ${Buffer.byteLength(html)} bytes of HTML`);
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  // The manifest was only for this; the server need not hand it out.
  fs.rmSync(path.join(distDir, '.vite'), { recursive: true, force: true });
}

/**
 * index.html with the snapshot in #root and the stylesheets it needs in the head. Its scripts (the
 * entry, its imports and the /login modules with theirs) are left to public/after-first-paint.js, which
 * starts them after the first paint.
 * @param {string} index
 * @param {string} html
 * @param {string} title
 */
function loginPage(index, html, title) {
  /** @type {Record<string, { file: string, isEntry?: boolean, css?: string[], imports?: string[] }>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
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
  [entryKey, ...LOGIN_MODULES].forEach(visit);
  const entry = `/${manifest[entryKey].file}`;
  const preloads = [...scripts].map((file) => `/${file}`).filter((href) => href !== entry);

  const entryTag = `<script type="module" crossorigin src="${entry}"></script>`;
  const preloadTags = /^\s*<link rel="modulepreload"[^>]*>\n/gm;
  const htmlTag = '<html lang="de">';
  if (![ROOT, entryTag, htmlTag].every((part) => index.includes(part))) {
    throw new Error(`dist/index.html lacks one of ${ROOT}, ${entryTag}, ${htmlTag}`);
  }
  const stylesheets = [...styles]
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n`)
    .join('');
  const boot = `<script defer src="/after-first-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  // The app's forms have no method: a browser without scripts would send them as GET, the password in
  // the address (history, server logs). As POST the body goes nowhere: the server takes no form posts.
  const snapshot = html.replace(/<form(?![^>]*\bmethod=)/g, '<form method="post"');
  return (
    index
      // Light until public/before-first-paint.js applies the stored scheme; without scripts it stays light.
      .replace(htmlTag, '<html lang="de" data-mantine-color-scheme="light">')
      .replace(entryTag, '')
      .replace(preloadTags, '')
      .replace('</head>', `${stylesheets}  </head>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(ROOT, `<div id="root"><div data-prerendered aria-busy="true">${snapshot}</div></div>`)
      .replace('</body>', `  ${boot}\n  </body>`)
  );
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
