// eslint-disable-next-line no-restricted-imports -- the build configuration runs in Node, not in the browser
import { createRequire } from 'node:module';
// eslint-disable-next-line no-restricted-imports -- the build configuration runs in Node, not in the browser
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports -- the build configuration runs in Node, not in the browser
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

import { firstViewChunkName } from './scripts/first-view-chunks.mjs';

// Everything the API serves on the same origin; the dev server forwards it so the browser sees one host.
const API_TARGET = 'http://localhost:3000';
const PROXIED_PATHS = ['/v1', '/locales', '/health', '/dev', '/docs'];

/**
 * Resolves `source`, imported by a module matching `importer`, to a file of this app instead. A browser
 * build in which it never happened fails: the library moved the import, and its bytes came back unseen.
 */
function redirectImport(name: string, source: string, importer: RegExp, file: string): Plugin {
  const replacement = fileURLToPath(new URL(file, import.meta.url));
  let redirected = false;
  return {
    name,
    enforce: 'pre',
    resolveId(id, from) {
      if (id !== source || !from || !importer.test(from)) return null;
      redirected = true;
      return replacement;
    },
    buildEnd(error) {
      const browserBuild = this.environment.config.command === 'build' && this.environment.config.consumer === 'client';
      if (!error && browserBuild && !redirected) {
        this.error(`${name}: no module matching ${String(importer)} imported ${source}; see vite.config.ts`);
      }
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Table, Modal and Drawer) imports only `useMergeRefs` from
 * @floating-ui/react; that import alone put all of floating-ui (about 10 KB gzip) on the vehicle page.
 * This import, and only this one, resolves to the same hook in src/lib/merge-refs.ts; popovers, tooltips
 * and comboboxes keep the real package.
 */
const scrollAreaMergeRefs = () =>
  redirectImport(
    'scroll-area-merge-refs',
    '@floating-ui/react',
    /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    'src/lib/merge-refs.ts',
  );

/**
 * Mantine's Table imports its scroll container, and with it Mantine's ScrollArea, into every table, used
 * or not; src/lib/native-table-scroll.tsx is that container with the browser's own scrolling.
 */
const tableNativeScroll = () =>
  redirectImport(
    'table-native-scroll',
    './TableScrollContainer.mjs',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/,
    'src/lib/native-table-scroll.tsx',
  );

/**
 * Mantine's Carousel gets embla through embla-carousel-react's hook; src/lib/deferred-embla.ts is the
 * same hook loading embla (about 8 KB gzip) once the page is used, so the vehicle page's first view
 * shows the first picture without it.
 */
const carouselDeferredEmbla = () =>
  redirectImport(
    'carousel-deferred-embla',
    'embla-carousel-react',
    /[\\/]@mantine[\\/]carousel[\\/]esm[\\/]Carousel\.mjs$/,
    'src/lib/deferred-embla.ts',
  );

/**
 * Mantine's components take their ids from `useId` of @mantine/hooks, which renders every one of them a
 * second time right after it appears; src/lib/stable-id.ts is the same hook without that second render.
 */
const mantineStableId = () =>
  redirectImport(
    'mantine-stable-id',
    './use-id/use-id.mjs',
    /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    'src/lib/stable-id.ts',
  );

/**
 * The app and the contract build their schemas with zod/mini (ADR 0010): classic zod hands every schema
 * all of its methods and its JSON-Schema converter, which no tree-shaking can remove (about 11 KB gzip
 * more on every first view). ESLint forbids importing it; this fails the build should a dependency
 * bring it in anyway.
 */
function noClassicZod(): Plugin {
  return {
    name: 'no-classic-zod',
    load(id) {
      if (/[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(id)) {
        this.error(`classic zod in the web build (${id}); import from 'zod/mini'`);
      }
      return null;
    },
  };
}

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12437, a
 * stop-gap that is still there): a production bundle would carry its dev warnings and checks, which run on
 * every navigation. Its production build ships beside it in the package; a production build of the app
 * takes that one, while the dev server and the tests keep the warnings.
 */
function reactRouterProductionBuild() {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [{ find: /^react-router$/, replacement: path.join(packageDir, 'dist/production/index.mjs') }];
}

export default defineConfig(({ mode }) => ({
  plugins: [
    scrollAreaMergeRefs(),
    tableNativeScroll(),
    carouselDeferredEmbla(),
    mantineStableId(),
    noClassicZod(),
    react(),
  ],
  resolve: {
    alias: mode === 'production' ? reactRouterProductionBuild() : [],
    // `@leasing/source` makes workspace packages resolve to their TypeScript sources (no prior build);
    // Vite's default client conditions stay so third-party packages keep their browser/ESM builds.
    conditions: ['@leasing/source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist is served as is by the API; no source maps in it.
    sourcemap: false,
    // Read (and removed) by scripts/prerender.mjs, which links the sign-in page's chunks into login.html.
    manifest: true,
    // Every supported browser knows <link rel="modulepreload">; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries every first view needs travel in two chunks instead of many small ones: fewer
        // requests and better compression (about 3 KB gzip less on /login and /search). The rest of what
        // the entry imports statically is one chunk: rolldown would otherwise split out every module a
        // lazy route shares with it (Box, UnstyledButton, the contract's schemas, ...), six requests more
        // on every first view; on a phone over HTTP/1.1 each request costs a round trip (ADR 0022).
        advancedChunks: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'initial', tags: ['$initial'] },
            // The first views' modules grouped by the views that use them, as planned by scripts/build.mjs.
            {
              name: firstViewChunkName(),
              debugName: 'first-view',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // The contract package only declares schemas and constants, but its package.json does not say
        // "sideEffects": false; without this every contract module lands in the first bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED_PATHS.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(PROXIED_PATHS.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }])),
  },
}));
