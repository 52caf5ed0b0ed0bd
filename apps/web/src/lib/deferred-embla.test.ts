import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const destroy = vi.fn();
const createEmbla = vi.fn((..._args: unknown[]) => ({ destroy }));
vi.mock('embla-carousel', () => ({ default: createEmbla }));

// The module remembers the first use of the page and the loaded embla: a fresh copy per test.
async function freshHook() {
  vi.resetModules();
  return (await import('./deferred-embla')).default;
}

/** Renders the hook and hands it a viewport, as Mantine's Carousel does through the returned ref. */
async function renderCarouselHook() {
  const useEmblaCarousel = await freshHook();
  const viewport = document.createElement('div');
  const hook = renderHook(() => useEmblaCarousel({ loop: true }));
  act(() => {
    hook.result.current[0](viewport);
  });
  return { hook, viewport };
}

describe('deferred embla for the picture carousel', () => {
  beforeEach(() => {
    createEmbla.mockClear();
    destroy.mockClear();
  });

  it('starts no carousel while the page is only looked at', async () => {
    const { hook } = await renderCarouselHook();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(createEmbla).not.toHaveBeenCalled();
    expect(hook.result.current[1]).toBeUndefined();
  });

  it('starts it on the first input with the options it was given, and stops it on unmount', async () => {
    const { hook, viewport } = await renderCarouselHook();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    await waitFor(() => {
      expect(hook.result.current[1]).toBeDefined();
    });
    expect(createEmbla).toHaveBeenCalledWith(viewport, { loop: true }, []);
    hook.unmount();
    expect(destroy).toHaveBeenCalledOnce();
  });
});
