// eslint-disable-next-line no-restricted-imports -- the build configuration runs in Node, not in the browser
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

// Everything the API serves on the same origin; the dev server forwards it so the browser sees one host.
const API_TARGET = 'http://localhost:3000';
const PROXIED_PATHS = ['/v1', '/locales', '/health', '/dev', '/docs'];

/**
 * Mantine's ScrollArea (inside every Table, Modal and Drawer) imports only `useMergeRefs` from
 * @floating-ui/react; that import alone put all of floating-ui (about 10 KB gzip) on the vehicle page.
 * This import, and only this one, resolves to the same hook in src/lib/merge-refs.ts; popovers, tooltips
 * and comboboxes keep the real package.
 */
function scrollAreaMergeRefs(): Plugin {
  const replacement = fileURLToPath(new URL('src/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)) {
        return replacement;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [scrollAreaMergeRefs(), react()],
  resolve: {
    // `@leasing/source` makes workspace packages resolve to their TypeScript sources (no prior build);
    // Vite's default client conditions stay so third-party packages keep their browser/ESM builds.
    conditions: ['@leasing/source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist is served as is by the API; no source maps in it.
    sourcemap: false,
    // Every supported browser knows <link rel="modulepreload">; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries every first view needs travel in two chunks instead of many small ones: fewer
        // requests and better compression (about 3 KB gzip less on /login and /search).
        advancedChunks: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
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
    proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
});
