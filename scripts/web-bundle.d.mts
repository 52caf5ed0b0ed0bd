import type { Page } from '@playwright/test';

/** The goal for every first view, in KB gzip. */
export declare const WEB_BUNDLE_TARGET_KB: number;
/** Initial-JS budget per first view (above the target: an open gap), in KB gzip. */
export declare const WEB_BUNDLE_BUDGETS_KB: Readonly<
  Record<'/login' | '/search' | '/vehicle/{id}' | '/profile/salary', number>
>;
/** Loads `url` in `page` and returns the gzip size (level 9, bytes) of every script response, by URL. */
export declare function measureInitialJs(page: Page, url: string): Promise<Map<string, number>>;
/** Sum of the sizes `measureInitialJs` returned, in KB. */
export declare function totalKb(scripts: Map<string, number>): number;
/** One line per script, largest first. */
export declare function describeScripts(scripts: Map<string, number>): string;
