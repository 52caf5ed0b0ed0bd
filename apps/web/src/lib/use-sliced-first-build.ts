import { useDeferredValue } from 'react';

/**
 * Loaded data for a screen whose first build is heavy (the search grid, the vehicle page, the salary
 * form): `undefined` until React has built the screen for it in a transition, in slices of a few
 * milliseconds that let a phone answer taps meanwhile (one long task otherwise), then always the
 * current value. Only the first build waits; later changes (a saved form, a refetch) show at once, so
 * nothing the user does can be overtaken by a late render of older data. The caller shows its skeleton
 * while it is `undefined`.
 */
export function useSlicedFirstBuild<T>(data: T | undefined): T | undefined {
  const built = useDeferredValue(data);
  return built === undefined ? undefined : data;
}
