import type { Page } from '@playwright/test';

/** The goal for every first view, in KB gzip. */
export declare const WEB_BUNDLE_TARGET_KB: number;
/** Initial-JS budget per first view (above the target: an open gap), in KB gzip. */
export declare const WEB_BUNDLE_BUDGETS_KB: Readonly<
  Record<'/login' | '/search' | '/vehicle/{id}' | '/profile/salary', number>
>;
/** What shows that a first view has its content: a CSS selector per route. */
export declare const WEB_BUNDLE_READY: Readonly<Record<keyof typeof WEB_BUNDLE_BUDGETS_KB, string>>;
/**
 * Loads `url` in `page` until `readySelector` is visible and no script arrives for a moment; the gzip
 * size (level 9, bytes) of every script response, by URL.
 */
export declare function measureInitialJs(page: Page, url: string, readySelector: string): Promise<Map<string, number>>;
/** Sum of the sizes `measureInitialJs` returned, in KB. */
export declare function totalKb(scripts: Map<string, number>): number;
/** One line per script, largest first. */
export declare function describeScripts(scripts: Map<string, number>): string;
