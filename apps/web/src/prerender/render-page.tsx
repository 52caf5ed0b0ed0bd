import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { Outlet, StaticRouterProvider, createStaticHandler, createStaticRouter, type RouteObject } from 'react-router';

import catalog from '../../public/locales/de/catalog.json';
import profile from '../../public/locales/de/profile.json';
import translation from '../../public/locales/de/translation.json';
import { AppProviders } from '../app/providers';
import { RequireAuth } from '../app/require-auth';
import { appRoutes } from '../app/router';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE } from '../lib/i18n';

/** The pages the build renders, with the key of their title (pages set it in an effect, which does not run here). */
const PAGES = {
  '/login': { title: 'login.title' },
  '/profile/salary': { title: 'profile:title' },
  '/search': { title: 'search.title' },
} as const;

export type PrerenderedPath = keyof typeof PAGES;

/**
 * The route table as a visitor with a session meets it before any answer has come: the guard lets the
 * page through and no loader asks the server for anything, so a signed-in page renders as it does
 * while its data is under way (skeletons), the same for everyone.
 */
function beforeTheFirstAnswer(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const copy = { ...route };
    delete copy.loader;
    if (copy.Component === RequireAuth) copy.Component = Outlet;
    if (copy.children) copy.children = beforeTheFirstAnswer(copy.children);
    return copy;
  }) as RouteObject[];
}

/**
 * A page as HTML, rendered at build time (scripts/prerender.mjs) with the app's own components, routes
 * and German texts, so a visitor sees it before the scripts have arrived (ADR 0023). The browser app
 * then renders over it: nothing here is hydrated.
 */
export async function renderPage(path: PrerenderedPath): Promise<{ html: string; title: string }> {
  // Called from plain JavaScript (scripts/prerender.mjs, scripts/first-views.mjs): say which path is new.
  if (!(path in PAGES)) throw new Error(`${path} is not a page the build renders; add it to PAGES`);
  const i18n = i18next.createInstance().use(initReactI18next);
  await i18n.init({
    lng: DEFAULT_LANGUAGE,
    ns: [DEFAULT_NAMESPACE, 'profile', 'catalog'],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [DEFAULT_LANGUAGE]: { [DEFAULT_NAMESPACE]: translation, profile, catalog } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });

  const handler = createStaticHandler(beforeTheFirstAnswer(appRoutes));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = renderToString(
    <AppProviders i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return { html, title: i18n.t('common.pageTitle', { page: i18n.t(PAGES[path].title) }) };
}
