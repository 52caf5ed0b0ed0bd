import { useEffect, useState } from 'react';

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

export interface LoadedOncePageUsed<T> {
  /** Loads it now (once), e.g. for tests that start with it there or a prefetch. */
  load(): Promise<T>;
  /** `undefined` until the page is used and it has loaded; then what it loaded, from then on at once. */
  useLoaded(): T | undefined;
}

/**
 * A module (or anything else loaded) that a component needs only once the person uses the page. The
 * loaded value is kept for the whole page's life, so a component mounted later has it on its first
 * render. Values may be functions: they are stored as values, never called as state updaters.
 */
export function loadedOncePageUsed<T>(importer: () => Promise<T>): LoadedOncePageUsed<T> {
  let loaded: { value: T } | undefined;
  let loading: Promise<T> | undefined;
  const load = () =>
    (loading ??= importer().then((value) => {
      loaded = { value };
      return value;
    }));

  function useLoaded(): T | undefined {
    const [current, setCurrent] = useState(() => loaded);
    useEffect(() => {
      if (current) return undefined;
      let mounted = true;
      void pageUsed()
        .then(load)
        .then(() => {
          if (mounted) setCurrent(loaded);
        });
      return () => {
        mounted = false;
      };
    }, [current]);
    return current?.value;
  }

  return { load, useLoaded };
}
