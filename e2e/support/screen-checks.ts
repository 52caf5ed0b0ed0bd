import { expect, test, type Page } from '@playwright/test';

import {
  axeFindings,
  COLOR_SCHEME_KEY,
  expectNoFindings,
  SCHEMES,
  VIEWPORTS,
  type ColorScheme,
  type Finding,
  type Viewport,
} from './axe.js';
import { checkedStates, recordChecked, routePattern, stateKey, type CheckRecord } from './screen-records.js';

/**
 * The journeys' own accessibility check: `checkScreen(page, name)` runs axe on the screen as the journey
 * left it (a form half filled, a dialog open), in both colour schemes at both widths, and at the phone
 * width also looks for clipped button labels and a page wider than the screen. The scheme is switched the
 * way a second tab would switch it and the width by resizing, so the journey's state stays as it was;
 * both are restored before the journey goes on. See docs/decisions/0019-accessibility-checks.md.
 */

/** Time a check may take, on top of the journey's own timeout (four axe runs on a busy machine). */
const CHECK_ALLOWANCE_MS = 120_000;

/**
 * Waits until the page has painted twice, Mantine's transitions (up to 250 ms) are over and every finite
 * animation has ended: a toast still sliding in would count as a button off the screen.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForTimeout(300);
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Switches the colour scheme as the theme toggle in another tab would: stored, then announced. */
async function switchColorScheme(page: Page, scheme: ColorScheme | null): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      const oldValue = window.localStorage.getItem(key);
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
      window.dispatchEvent(
        new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: window.localStorage }),
      );
    },
    [COLOR_SCHEME_KEY, scheme] as const,
  );
}

/**
 * Findings that last: what a first look finds is looked for again once the page has settled, up to
 * `retries` times, and only what is still there is reported. A toast that closes on its timer (3 s) can
 * start to fade out while axe measures, and its half-transparent text then fails the contrast rule; a
 * toast can also still be about to slide in when the animations have ended (its transition starts a
 * frame after it mounts, after a request), and lie off the screen for that moment.
 */
async function lastingFindings(page: Page, find: () => Promise<Finding[]>, retries: number): Promise<Finding[]> {
  let findings = await find();
  for (let retry = 0; retry < retries && findings.length > 0; retry++) {
    await settle(page);
    findings = await find();
  }
  return findings;
}

/**
 * At a phone's width every visible button shows its whole label (no text cut off or hidden behind an
 * ellipsis) and lies on the screen, unless it sits in a region that scrolls sideways; the page itself is
 * no wider than the screen.
 */
async function layoutFindings(page: Page, where: string): Promise<Finding[]> {
  const problems = await page.evaluate(() => {
    const found: { rule: string; target: string }[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    const scrollsSideways = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && parent.scrollWidth > parent.clientWidth) return true;
      }
      return false;
    };
    for (const button of document.querySelectorAll('button, [role="button"], a.mantine-Button-root')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(button).visibility === 'hidden') continue;
      const label = button.querySelector('.mantine-Button-label') ?? button;
      if (label.scrollWidth > label.clientWidth + 1)
        found.push({ rule: 'clipped-button-label', target: describe(button) });
      if ((box.left < -1 || box.right > window.innerWidth + 1) && !scrollsSideways(button)) {
        found.push({ rule: 'button-off-screen', target: describe(button) });
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push({ rule: 'page-wider-than-screen', target: `${String(document.documentElement.scrollWidth)}px` });
    }
    return found;
  });
  return problems.map((problem) => ({
    where,
    rule: problem.rule,
    impact: 'serious',
    help: 'Labels and buttons must fit a 390 px screen',
    targets: [problem.target],
  }));
}

/** One colour scheme at one width of the screen being checked. */
interface Look {
  scheme: ColorScheme;
  viewport: Viewport;
}

/**
 * Checks the screen the journey is on, once per run for each `name`, colour scheme and width (name the
 * state when it differs: "order workflow, signature step"); what an earlier test checked is not checked
 * again. Fails with every finding: rule, impact, help and the failing nodes. The time it takes is added
 * to the test's timeout, which stays the journey's own.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const route = routePattern(new URL(page.url()).pathname);
  const record = (look: Look): CheckRecord => ({ name, scheme: look.scheme, viewport: look.viewport.name, route });
  const checked = checkedStates();
  const looks = journeyWidthFirst(page).flatMap((viewport) => SCHEMES.map((scheme) => ({ scheme, viewport })));
  const due = looks.filter((look) => !checked.has(stateKey(record(look))));
  const failed = new Set<Look>();
  const findings: Finding[] = [];
  if (due.length > 0) {
    const { timeout } = test.info();
    const started = Date.now();
    test.info().setTimeout(timeout + CHECK_ALLOWANCE_MS);
    for (const [look, found] of await screenFindings(page, name, due)) {
      if (found.length > 0) failed.add(look);
      findings.push(...found);
    }
    test.info().setTimeout(timeout + Date.now() - started);
  }
  // Also the looks checked before: the route of this page counts as covered for the guard.
  for (const look of looks.filter((look) => !failed.has(look))) recordChecked(record(look));
  expectNoFindings(findings);
}

/** The journey's own width first: a state that only exists there is seen before a resize can change it. */
function journeyWidthFirst(page: Page): Viewport[] {
  const width = page.viewportSize()?.width;
  return [...VIEWPORTS].sort((a, b) => Number(b.width === width) - Number(a.width === width));
}

/** Each look's findings, the page's scheme and width put back afterwards. */
async function screenFindings(page: Page, name: string, looks: readonly Look[]): Promise<Map<Look, Finding[]>> {
  const viewportBefore = page.viewportSize();
  const schemeBefore = await page.evaluate((key) => window.localStorage.getItem(key), COLOR_SCHEME_KEY);
  const findings = new Map<Look, Finding[]>();
  let sized: Viewport | undefined;
  for (const look of looks) {
    const { viewport, scheme } = look;
    if (viewport !== sized) await page.setViewportSize({ width: viewport.width, height: viewport.height });
    sized = viewport;
    await switchColorScheme(page, scheme);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await settle(page);
    const where = `${name} (${scheme}, ${viewport.name} ${String(viewport.width)}px)`;
    const found = await lastingFindings(page, () => axeFindings(page, where), 1);
    if (viewport.name === 'phone' && scheme === SCHEMES[0])
      found.push(...(await lastingFindings(page, () => layoutFindings(page, where), 2)));
    findings.set(look, found);
  }
  await switchColorScheme(page, (schemeBefore as ColorScheme | null) ?? 'light');
  if (schemeBefore === null) await switchColorScheme(page, null);
  if (viewportBefore) await page.setViewportSize(viewportBefore);
  await settle(page);
  return findings;
}
