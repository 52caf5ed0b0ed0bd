import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';

import translation from '../../public/locales/de/translation.json';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE } from '../lib/i18n';

/**
 * The sign-in page as HTML, rendered at build time (scripts/prerender.mjs) with the app's own
 * components, routes and German texts, so a visitor sees it before the scripts have arrived
 * (ADR 0023). The browser app then renders over it: nothing here is hydrated.
 */
export async function renderLoginPage(): Promise<{ html: string; title: string }> {
  const i18n = i18next.createInstance().use(initReactI18next);
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [DEFAULT_LANGUAGE]: { [DEFAULT_NAMESPACE]: translation } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });

  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request('http://localhost/login'));
  if (context instanceof Response) throw new Error(`/login answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`/login failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = renderToString(
    <AppProviders i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  // The page sets its title in an effect, which a server render does not run.
  return { html, title: i18n.t('common.pageTitle', { page: i18n.t('login.title') }) };
}
