import { scanFigures, uncheckedScreens } from './screen-records.js';

/**
 * Runs after all journeys: every screen a journey showed must have been checked with `checkScreen`
 * somewhere in the run (docs/decisions/0019-accessibility-checks.md). Also says how many axe scans the
 * run made for how many screen states (one state: a name in one colour scheme at one width).
 */
export default function screenGuard(): void {
  const { scans, states } = scanFigures();
  console.log(`Accessibility: ${String(scans)} axe scans for ${String(states)} screen states.`);
  const unchecked = uncheckedScreens();
  if (unchecked.length === 0) return;
  const list = unchecked.map((screen) => `- ${screen.route} (shown by ${screen.test})`).join('\n');
  throw new Error(`Screens shown without an accessibility check (checkScreen):\n${list}`);
}
