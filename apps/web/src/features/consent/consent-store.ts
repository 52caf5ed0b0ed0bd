import { SiteConfigSchema, type SiteConfig } from '@leasing/contract';

import { appConfig } from '../../config/env';

/**
 * The visitor's choice about page analytics and what the installation offers. Module state, read by
 * the banner, the footer link and the page-view reporter through `useSyncExternalStore`; the choice
 * itself lives in this browser's storage and is never sent anywhere.
 */
export type Analytics = NonNullable<SiteConfig['analytics']>;

export interface ConsentChoice {
  analytics: boolean;
  decidedAt: string;
}

export interface ConsentState {
  /** undefined while the site configuration loads; null when the installation has no analytics. */
  analytics: Analytics | null | undefined;
  choice: ConsentChoice | null;
  settingsOpen: boolean;
}

/** Versioned: a new purpose asks again instead of reading an old yes as consent to it. */
export const CONSENT_KEY = 'consent.v1';

const listeners = new Set<() => void>();
let state: ConsentState = { analytics: undefined, choice: readChoice(), settingsOpen: false };

function readChoice(): ConsentChoice | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null') as Partial<ConsentChoice> | null;
    return stored && typeof stored.analytics === 'boolean' && typeof stored.decidedAt === 'string'
      ? { analytics: stored.analytics, decidedAt: stored.decidedAt }
      : null;
  } catch {
    return null;
  }
}

function update(next: Partial<ConsentState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const consentStore = {
  get: (): ConsentState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setAnalytics(analytics: Analytics | null): void {
    update({ analytics });
  },
  /** Stores the choice; answers whether a consent was withdrawn (the loaded script must go with a reload). */
  decide(analytics: boolean, now = new Date()): { withdrawn: boolean } {
    const withdrawn = state.choice?.analytics === true && !analytics;
    const choice = { analytics, decidedAt: now.toISOString() };
    try {
      window.localStorage.setItem(CONSENT_KEY, JSON.stringify(choice));
    } catch {
      // Storage full or blocked: the choice holds for this visit and the banner asks again next time.
    }
    update({ choice, settingsOpen: false });
    return { withdrawn };
  },
  openSettings(): void {
    update({ settingsOpen: true });
  },
  closeSettings(): void {
    update({ settingsOpen: false });
  },
  /** Another tab decided: follow it. */
  reloadChoice(): void {
    update({ choice: readChoice() });
  },
};

let loading: Promise<void> | null = null;

/** For tests: a visitor who has not been asked yet, before the site configuration arrived. */
export function resetConsentForTest(): void {
  loading = null;
  state = { analytics: undefined, choice: readChoice(), settingsOpen: false };
}

/** Asks the server once per page load whether there is analytics to consent to; a failure means none. */
export function loadSiteConfig(fetcher: typeof fetch = fetch): Promise<void> {
  loading ??= fetcher(`${appConfig.apiBaseUrl}/v1/site-config`, { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? SiteConfigSchema.parse(await response.json()) : { analytics: null }))
    .catch(() => ({ analytics: null }))
    .then((config) => consentStore.setAnalytics(config.analytics));
  return loading;
}
