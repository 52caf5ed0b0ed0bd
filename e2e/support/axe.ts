import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

import { checkedStates, recordAxeScan, recordChecked, routePattern, stateKey } from './screen-records.js';

/** The rule sets checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The key under which Mantine's colour-scheme manager (and public/before-first-paint.js) remembers the choice. */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

export type ColorScheme = 'light' | 'dark';

/** A desktop and a phone width: the header, navigation and tables change shape between them. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export type Viewport = (typeof VIEWPORTS)[number];

export const SCHEMES: readonly ColorScheme[] = ['light', 'dark'];

export interface Screen {
  /** What the report calls the screen. */
  name: string;
  path: string;
  /** Visible once the screen has its content (not a loader). */
  ready: (page: Page) => Locator;
  /** Brings the screen into the state to check (a menu or popover open); may do nothing at a width. */
  prepare?: (page: Page, viewport: Viewport) => Promise<void>;
  /** Only at these widths (a state that exists at one width only); all when left out. */
  only?: Viewport['name'];
}

/** One finding, short enough to read in a test report. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Chooses the colour scheme the way the theme toggle remembers it; applies from the next page load. */
export async function rememberColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [COLOR_SCHEME_KEY, scheme] as const);
}

/**
 * Runs axe (WCAG 2.1 A/AA) on the page as it is and returns its violations as findings. Legacy mode runs
 * axe in the page itself instead of finishing in a new blank page: half the time, and the app has no
 * frames from other origins that only the other mode could reach.
 */
export async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  recordAxeScan(where);
  return results.violations.map((violation) => ({
    where,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.map(String).join(' >> ')),
  }));
}

/**
 * Opens each screen in both colour schemes at both widths and collects axe's findings. The page keeps
 * its session (localStorage), so an account signs in once for all combinations. A state a journey has
 * checked already in this run (same name, scheme and width) is not opened again.
 */
export async function checkScreens(page: Page, screens: readonly Screen[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const scheme of SCHEMES) {
      await rememberColorScheme(page, scheme);
      for (const screen of screens.filter((s) => !s.only || s.only === viewport.name)) {
        const state = { name: screen.name, scheme, viewport: viewport.name, route: routePattern(screen.path) };
        if (!checkedStates().has(stateKey(state))) {
          const found = await openAndScan(page, screen, viewport, scheme);
          findings.push(...found);
          if (found.length > 0) continue;
        }
        recordChecked(state);
      }
    }
  }
  return findings;
}

async function openAndScan(page: Page, screen: Screen, viewport: Viewport, scheme: ColorScheme): Promise<Finding[]> {
  await page.goto(screen.path);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await expect(screen.ready(page)).toBeVisible();
  await screen.prepare?.(page, viewport);
  // Let Mantine's transitions and late queries settle: contrast is measured on what is painted.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  return axeFindings(page, `${screen.name} (${scheme}, ${viewport.name} ${String(viewport.width)}px)`);
}

/** A readable list: one line per rule and screen with its impact and the selectors of the failing nodes. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (finding) =>
        `- ${finding.where}: ${finding.rule} [${finding.impact}] ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}

/** Fails with the readable list when axe found anything. */
export function expectNoFindings(findings: readonly Finding[]): void {
  expect(findings.length, `accessibility violations:\n${formatFindings(findings)}`).toBe(0);
}
