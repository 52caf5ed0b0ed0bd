// Must stay first: configures zod before any schema is built (CSP without 'unsafe-eval').
import './lib/zod-config';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { createAppRouter } from './app/router';
import { i18n, initI18n } from './lib/i18n';

void initI18n(i18n);
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
