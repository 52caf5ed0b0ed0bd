// Must stay first: configures zod before any schema is built (CSP without 'unsafe-eval').
import './lib/zod-config';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import './app/global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { createAppRouter } from './app/router';
import { firstView } from './lib/first-view-ready';
import { i18n, initI18n } from './lib/i18n';

// A first view's page names the namespaces it reads (scripts/prerender.mjs; the head script has started
// fetching them): loaded with the common texts, the page's first render finds them instead of suspending.
const pageNamespaces = document.documentElement.dataset['translations']?.split(' ').filter(Boolean);
const initialised = initI18n(i18n, { namespaces: pageNamespaces });
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );

// The app renders once the first route's code, its texts and (briefly) its data are there, so its first
// render is the whole page (lib/first-view-ready.ts says why). A page that came prerendered (/login;
// /search and /profile/salary before their data: scripts/prerender.mjs) stays as it is until then. The
// render may yield to the browser (a transition) instead of blocking input for its whole length; only a
// snapshot with a form (sign-in, search filter) needs the hand-over of what was typed into it.
const handOver = container.querySelector('[data-prerendered] form')
  ? import('./lib/prerendered').then(({ carryOverWhenReplaced }) => carryOverWhenReplaced(container))
  : undefined;
void Promise.all([firstView.ready(router, initialised), handOver])
  // Without the hand-over (its chunk did not load) the app still renders, over the snapshot.
  .catch(() => undefined)
  .then(() => startTransition(render));
