import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { Outlet, StaticRouterProvider, createStaticHandler, createStaticRouter, type RouteObject } from 'react-router';

import { PAGE_PICTURE_SLOT } from '@leasing/contract';

import catalog from '../../public/locales/de/catalog.json';
import profile from '../../public/locales/de/profile.json';
import translation from '../../public/locales/de/translation.json';
import { AppProviders } from '../app/providers';
import { RequireAuth } from '../app/require-auth';
import { appRoutes } from '../app/router';
import { FirstPictureContext } from '../features/catalog/components/first-picture';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE } from '../lib/i18n';

interface PrerenderedPage {
  /** The key of its title: pages set it in an effect, which does not run here. Without one, the app's name. */
  title?: 'login.title' | 'profile:title' | 'search.title';
  /** The address rendered, for a path with a segment in brackets (any vehicle). */
  address?: string;
  /** The page shows the vehicle's first picture, which the server fills in (PAGE_PICTURE_SLOT). */
  withPicture?: boolean;
}

/** The pages the build renders. */
const PAGES: Record<string, PrerenderedPage | undefined> = {
  '/login': { title: 'login.title' },
  '/profile/salary': { title: 'profile:title' },
  '/search': { title: 'search.title' },
  '/vehicle/[vehicleId]': { address: '/vehicle/00000000-0000-4000-8000-000000000000', withPicture: true },
};

/** The slot of the vehicle page's picture, for scripts/prerender.mjs to find. */
export { PAGE_PICTURE_SLOT };

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
export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  // Called from plain JavaScript (scripts/prerender.mjs, scripts/first-views.mjs): say which path is new.
  const page = PAGES[path];
  if (!page) throw new Error(`${path} is not a page the build renders; add it to PAGES`);
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
  const context = await handler.query(new Request(`http://localhost${page.address ?? path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = renderToString(
    <AppProviders i18n={i18n}>
      <FirstPictureContext value={page.withPicture ? PAGE_PICTURE_SLOT : null}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </FirstPictureContext>
    </AppProviders>,
  );
  const title = page.title ? i18n.t('common.pageTitle', { page: i18n.t(page.title) }) : i18n.t('common.appName');
  return { html, title };
}
