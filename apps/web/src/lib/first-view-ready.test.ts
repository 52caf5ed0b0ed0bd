import { describe, expect, it, vi } from 'vitest';

import { firstViewReady } from './first-view-ready';

describe('the first view', () => {
  it('is ready once the router has initialised and the texts are there, even when they failed', async () => {
    let listener: ((state: { initialized: boolean }) => void) | undefined;
    const router = {
      state: { initialized: false },
      subscribe: (next: (state: { initialized: boolean }) => void) => {
        listener = next;
        return () => undefined;
      },
    };
    let failTexts: (reason: Error) => void = () => undefined;
    const texts = new Promise((_resolve, reject) => {
      failTexts = reject;
    });
    const ready = vi.fn();
    void firstViewReady(router as never, texts).then(ready);

    listener?.({ initialized: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).not.toHaveBeenCalled();
    failTexts(new Error('offline'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
