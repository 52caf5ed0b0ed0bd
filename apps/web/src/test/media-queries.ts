import { vi } from 'vitest';

/** A `MediaQueryList` as happy-dom lacks it: `matches` as the caller says, listeners that do nothing. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  };
}

/** A phone: every `max-width` query matches (the test setup's `matchMedia` matches none). */
export const onPhone = () =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width')));
