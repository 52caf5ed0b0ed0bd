import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { NotificationsHost } from '../components/notifications-host';
import { PageLoader } from '../components/page-loader';
import { LocalisedDefaults } from './localised-defaults';
import { cssVariablesResolver, theme } from './theme';

// The choice of light/dark survives visits; public/before-first-paint.js reads the same key before first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

export interface AppProvidersProps {
  i18n: I18n;
  children: ReactNode;
  /** 'test' switches off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ i18n, children, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
        env={env}
      >
        <NotificationsHost />
        {/* Shown while the translations load (useSuspense) and while lazy layouts arrive. */}
        <Suspense fallback={<PageLoader minHeight="100dvh" />}>
          <LocalisedDefaults>{children}</LocalisedDefaults>
        </Suspense>
      </MantineProvider>
    </I18nextProvider>
  );
}
