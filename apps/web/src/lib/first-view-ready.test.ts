import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFirstView } from './first-view-ready';

type Listener = (state: { initialized: boolean }) => void;

/** A router whose first route is still loading until `initialise` is called. */
function loadingRouter() {
  let listener: Listener | undefined;
  const router = {
    state: { initialized: false },
    subscribe: (next: Listener) => {
      listener = next;
      return () => undefined;
    },
  };
  return { router: router as never, initialise: () => listener?.({ initialized: true }) };
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (reason: Error) => void = () => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the first view', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is ready once the router has initialised and the texts are there, even when they failed', async () => {
    vi.useFakeTimers();
    const { router, initialise } = loadingRouter();
    const texts = deferred();
    const ready = vi.fn();
    void createFirstView().ready(router, texts.promise).then(ready);

    initialise();
    await settle();
    expect(ready).not.toHaveBeenCalled();
    texts.reject(new Error('offline'));
    await settle();
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('waits for the data the first route preloads, whether it comes or fails', async () => {
    vi.useFakeTimers();
    const view = createFirstView();
    const { router, initialise } = loadingRouter();
    const me = deferred();
    const vehicle = deferred();
    view.awaitData(me.promise);
    view.awaitData(vehicle.promise);
    const ready = vi.fn();
    void view.ready(router, Promise.resolve()).then(ready);

    initialise();
    me.resolve();
    await settle();
    expect(ready).not.toHaveBeenCalled();
    vehicle.reject(new Error('502'));
    await settle();
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for slow data after the given time, and later preloads are not waited for', async () => {
    vi.useFakeTimers();
    const view = createFirstView();
    const { router, initialise } = loadingRouter();
    view.awaitData(new Promise(() => undefined));
    const ready = vi.fn();
    void view.ready(router, Promise.resolve(), 1000).then(ready);
    initialise();

    await vi.advanceTimersByTimeAsync(999);
    expect(ready).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toHaveBeenCalledTimes(1);

    // A navigation after the first view: its preload is not collected (nothing would ever read it).
    view.awaitData(new Promise(() => undefined));
    const again = vi.fn();
    void view
      .ready({ state: { initialized: true }, subscribe: () => () => undefined } as never, Promise.resolve(), 5000)
      .then(again);
    await settle();
    expect(again).toHaveBeenCalledTimes(1);
  });
});
