// Must stay first: configures zod before any schema is built (CSP without 'unsafe-eval').
import './lib/zod-config';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { createAppRouter } from './app/router';
import { firstView } from './lib/first-view-ready';
import { i18n, initI18n } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The modules above are evaluated in one task; the app starts in the next, so a phone can paint and
// answer a tap between the two instead of being blocked for both at once. Nothing waits for the start:
// the page's texts and first data are on their way already (public/before-first-paint.js).
setTimeout(() => {
  start(container);
}, 0);

function start(root: HTMLElement) {
  // A first view's page names the namespaces it reads (scripts/prerender.mjs; the head script has started
  // fetching them): loaded with the common texts, the page's first render finds them instead of suspending.
  const pageNamespaces = document.documentElement.dataset['translations']?.split(' ').filter(Boolean);
  const initialised = initI18n(i18n, { namespaces: pageNamespaces });
  const router = createAppRouter();

  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );

  // The app renders once the first route's code, its texts and (briefly) its data are there, so its
  // first render is the whole page (lib/first-view-ready.ts says why). A page that came prerendered
  // (/login; /search, /profile/salary and a vehicle before their data: scripts/prerender.mjs) stays as it is until
  // then. The render may yield to the browser (a transition) instead of blocking input for its whole
  // length; only a snapshot with a form (sign-in, search filter) needs the hand-over of what was typed.
  const handOver = root.querySelector('[data-prerendered] form')
    ? import('./lib/prerendered').then(({ carryOverWhenReplaced }) => carryOverWhenReplaced(root))
    : undefined;
  void Promise.all([firstView.ready(router, initialised), handOver])
    // Without the hand-over (its chunk did not load) the app still renders, over the snapshot.
    .catch(() => undefined)
    .then(() => startTransition(render));
}
