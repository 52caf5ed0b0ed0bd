import { Suspense, lazy, useEffect } from 'react';
import type { DataRouter } from 'react-router';

import { consentStore, CONSENT_KEY, type Analytics } from '../consent-store';
import { loadAnalyticsScript, pageViewUrl, reportPageView } from '../page-views';
import { useConsent } from '../use-consent';

// Only visitors who have not chosen yet, or open the settings, download the banner.
const ConsentBanner = lazy(() => import('./consent-banner').then((m) => ({ default: m.ConsentBanner })));

function currentPageView(router: DataRouter): { key: string; url: string } {
  const { location, matches } = router.state;
  const params = matches.at(-1)?.params ?? {};
  return { key: location.pathname, url: pageViewUrl(window.location.origin, location.pathname, params) };
}

/** A page that hands on at once (/ to /search, a guard to /login) was never seen: it is not counted. */
export const PAGE_VIEW_SETTLE_MS = 150;

/** Reports the current page and every later one; one report per path, not per query or re-render. */
function usePageViews(router: DataRouter, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let reported = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const view = currentPageView(router);
        if (view.key === reported) return;
        reported = view.key;
        reportPageView(view.url);
      }, PAGE_VIEW_SETTLE_MS);
    };
    settle();
    const unsubscribe = router.subscribe((state) => {
      // Leaving while the next page loads: the one being left was only passed through.
      if (state.navigation.state === 'idle') settle();
      else clearTimeout(timer);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [router, enabled]);
}

/**
 * Asks for consent and loads the analytics script only after a yes (docs/decisions/0021). Loaded by
 * `ConsentBoot` only where the installation has page analytics.
 */
export function ConsentHost({ router, analytics }: { router: DataRouter; analytics: Analytics }) {
  const { choice, settingsOpen } = useConsent();
  const consented = choice?.analytics === true;

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CONSENT_KEY) return;
      const before = consentStore.get().choice?.analytics === true;
      consentStore.reloadChoice();
      // Withdrawn in another tab: this tab's script has to go too, and only a reload removes it.
      if (before && consentStore.get().choice?.analytics !== true) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (consented) loadAnalyticsScript(analytics);
  }, [analytics, consented]);
  usePageViews(router, consented);

  if (choice && !settingsOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        key={settingsOpen ? 'settings' : 'first-visit'}
        analytics={analytics}
        initialChoice={choice}
        settings={settingsOpen}
      />
    </Suspense>
  );
}
