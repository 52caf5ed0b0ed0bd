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
import { i18n, initI18n } from './lib/i18n';

const initialised = initI18n(i18n);
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );

// A page that came prerendered (/login; /search and /profile/salary before their data: scripts/prerender.mjs)
// stays as it is until the app can show the same at once; as it is on screen already, that render may
// yield to the browser (a transition) instead of blocking input. The wait is a chunk of those pages'
// scripts; only a snapshot with a form (sign-in, search filter) needs the hand-over of what was typed into it.
if (container.querySelector('[data-prerendered]')) {
  const handOver = container.querySelector('[data-prerendered] form')
    ? import('./lib/prerendered').then(({ carryOverWhenReplaced }) => carryOverWhenReplaced(container))
    : undefined;
  void Promise.all([import('./lib/first-view-ready'), handOver])
    .then(([{ firstViewReady }]) => firstViewReady(router, initialised))
    // Without the wait (its chunk did not load) the app still renders, over the snapshot.
    .catch(() => undefined)
    .then(() => startTransition(render));
} else {
  render();
}
