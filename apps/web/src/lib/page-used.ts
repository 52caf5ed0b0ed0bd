// Code that only serves the person's input (the carousel's engine, the salary form's state) loads
// once the page is used, not with the first view (docs/decisions/0010).

/** What counts as using the page: any pointer, key, touch, wheel or focus move. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'focusin'] as const;

let firstUse: Promise<void> | undefined;

/** Settles once the person has used the page (at once when they already have, e.g. after a click). */
export function pageUsed(): Promise<void> {
  firstUse ??= new Promise((resolve) => {
    if (navigator.userActivation?.hasBeenActive) {
      resolve();
      return;
    }
    const start = () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, start, true);
      resolve();
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
  });
  return firstUse;
}
