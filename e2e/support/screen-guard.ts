import { uncheckedScreens } from './screen-checks.js';

/**
 * Runs after all journeys: every screen a journey showed must have been checked with `checkScreen`
 * somewhere in the run (docs/decisions/0019-accessibility-checks.md).
 */
export default function screenGuard(): void {
  const unchecked = uncheckedScreens();
  if (unchecked.length === 0) return;
  const list = unchecked.map((screen) => `- ${screen.route} (shown by ${screen.test})`).join('\n');
  throw new Error(`Screens shown without an accessibility check (checkScreen):\n${list}`);
}
