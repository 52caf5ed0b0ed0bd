import type { BrowserContext, Locator, Page } from '@playwright/test';

/**
 * Cumulative layout shift as the browser reports it (`layout-shift` performance entries), measured from
 * the first paint of a page load until the page is settled. Entries caused by a recent input are left
 * out, as the web-vitals definition does. The observer is installed before any page script runs, with
 * `buffered: true`, so shifts during the first paint are counted too.
 */

/** The threshold every main route has to stay below (docs/decisions/0020-layout-stability.md). */
export const CLS_LIMIT = 0.05;

/** One rectangle of a moved element, rounded to whole pixels. */
export interface ShiftRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What moved in one shift: the node, described while it still existed, and where it was and went. */
export interface ShiftSource {
  node: string;
  previous: ShiftRect;
  current: ShiftRect;
}

export interface ShiftEntry {
  value: number;
  startTime: number;
  sources: ShiftSource[];
}

export interface ShiftFigures {
  /** All shifts added up: stricter than the session-window CLS, and the figure the limit applies to. */
  total: number;
  /** The largest session window (gaps under 1 s, windows at most 5 s), as web-vitals reports CLS. */
  sessionWindow: number;
  entries: ShiftEntry[];
}

declare global {
  interface Window {
    __layoutShifts?: ShiftEntry[];
  }
}

/** Runs in the page, before its own scripts: collects the shifts into `window.__layoutShifts`. */
function observeLayoutShifts(): void {
  interface LayoutShiftSource {
    node: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  }
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources?: LayoutShiftSource[];
  }
  const rect = (r: DOMRectReadOnly) => ({
    x: Math.round(r.x),
    y: Math.round(r.y),
    width: Math.round(r.width),
    height: Math.round(r.height),
  });
  // Described at once: the node may be gone (a loader replaced by content) by the time the test reads.
  const describe = (node: Node | null): string => {
    if (!node) return '(removed node)';
    if (!(node instanceof Element)) return `#text "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    const id = node.id ? `#${node.id}` : '';
    const classes = [...node.classList]
      .slice(0, 3)
      .map((name) => `.${name}`)
      .join('');
    const testId = node.getAttribute('data-testid');
    // The rendered text: textContent would start with the CSS of Mantine's inline style tags.
    const text = (node instanceof HTMLElement ? node.innerText : (node.textContent ?? ''))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    return `${node.tagName.toLowerCase()}${id}${classes}${testId ? `[data-testid=${testId}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  const shifts: ShiftEntry[] = [];
  window.__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        startTime: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((source) => ({
          node: describe(source.node),
          previous: rect(source.previousRect),
          current: rect(source.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Every page of the context records its shifts from its first script on. */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(observeLayoutShifts);
}

/** The largest sum of shifts less than 1 s apart within 5 s (web-vitals' session windows). */
export function sessionWindowCls(entries: readonly ShiftEntry[]): number {
  let largest = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const entry of entries) {
    if (current > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) {
      current += entry.value;
    } else {
      current = entry.value;
      first = entry.startTime;
    }
    last = entry.startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** The shifts the current document has recorded so far. */
export async function readLayoutShifts(page: Page): Promise<ShiftFigures> {
  const entries = await page.evaluate(() => window.__layoutShifts ?? []);
  return {
    total: entries.reduce((sum, entry) => sum + entry.value, 0),
    sessionWindow: sessionWindowCls(entries),
    entries,
  };
}

/**
 * Waits until the route shows its content, the network is quiet and late paints are done, then reads
 * the shifts. The pause after the network covers what arrives with the last answer (a re-render, a
 * picture) and Mantine's transitions.
 */
export async function settledLayoutShifts(page: Page, ready: Locator, settleMs = 500): Promise<ShiftFigures> {
  await ready.waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(settleMs);
  return readLayoutShifts(page);
}

const formatRect = (r: ShiftRect) => `${String(r.x)},${String(r.y)} ${String(r.width)}×${String(r.height)}`;

/** One block per shift: its value, its time and each moved node with its rectangle before and after. */
export function describeShifts(figures: ShiftFigures): string {
  if (figures.entries.length === 0) return '  (no shifts)';
  return figures.entries
    .map(
      (entry) =>
        `  ${entry.value.toFixed(4)} at ${String(entry.startTime)} ms\n` +
        entry.sources
          .map((source) => `    ${source.node}: ${formatRect(source.previous)} → ${formatRect(source.current)}`)
          .join('\n'),
    )
    .join('\n');
}

/**
 * Answers of the API arrive this much later: content that comes with them then pops in after the shell
 * and the skeletons have painted, every time, instead of only on a slow day.
 */
export async function delayApi(context: BrowserContext, delayMs: number): Promise<void> {
  await context.route('**/v1/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fallback();
  });
}
