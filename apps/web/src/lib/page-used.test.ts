import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The module remembers the page's first use: a fresh copy per test.
async function freshModule() {
  vi.resetModules();
  return import('./page-used');
}

const useThePage = () =>
  act(() => {
    window.dispatchEvent(new PointerEvent('pointerdown'));
  });

describe('loaded once the page is used', () => {
  it('loads nothing while the page is only looked at', async () => {
    const { loadedOncePageUsed } = await freshModule();
    const importer = vi.fn(() => Promise.resolve('engine'));
    const { useLoaded } = loadedOncePageUsed(importer);
    const hook = renderHook(() => useLoaded());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importer).not.toHaveBeenCalled();
    expect(hook.result.current).toBeUndefined();
  });

  it('loads once on the first use, keeps a function as a value and hands it to later components at once', async () => {
    const { loadedOncePageUsed } = await freshModule();
    const create = vi.fn(() => 'started');
    const importer = vi.fn(() => Promise.resolve(create));
    const { useLoaded } = loadedOncePageUsed(importer);
    const first = renderHook(() => useLoaded());
    useThePage();
    await waitFor(() => {
      expect(first.result.current).toBe(create);
    });
    expect(create).not.toHaveBeenCalled();

    const later = renderHook(() => useLoaded());
    expect(later.result.current).toBe(create);
    expect(importer).toHaveBeenCalledOnce();
  });

  it('lets a caller load it before the page is used', async () => {
    const { loadedOncePageUsed } = await freshModule();
    const module = { name: 'engine' };
    const loader = loadedOncePageUsed(() => Promise.resolve(module));
    await expect(loader.load()).resolves.toBe(module);
    const hook = renderHook(() => loader.useLoaded());
    expect(hook.result.current).toBe(module);
  });
});
