import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { STATUS_POLL_INTERVAL_MS } from '@leasing/contract';

import { startPolling } from './poller';

describe('startPolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks at once, then every interval, and stops after the first true', async () => {
    const answers = [false, false, true];
    const check = vi.fn(async () => answers.shift() ?? true);
    const onDone = vi.fn();
    startPolling({ check, intervalMs: STATUS_POLL_INTERVAL_MS, onDone });

    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS * 5);
    expect(check).toHaveBeenCalledTimes(3);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops when told to and aborts the check in flight', async () => {
    let signal: AbortSignal | undefined;
    const check = vi.fn(async (s: AbortSignal) => {
      signal = s;
      return false;
    });
    const onDone = vi.fn();
    const stop = startPolling({ check, intervalMs: 3000, onDone });
    await vi.advanceTimersByTimeAsync(3000);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('ignores an answer that arrives after stopping', async () => {
    let resolve: (value: boolean) => void = () => undefined;
    const check = vi.fn(() => new Promise<boolean>((res) => (resolve = res)));
    const onDone = vi.fn();
    const stop = startPolling({ check, intervalMs: 3000, onDone });
    stop();
    resolve(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onDone).not.toHaveBeenCalled();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('keeps asking after a failed check and reports the failure', async () => {
    const check = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(true);
    const onDone = vi.fn();
    const onError = vi.fn();
    startPolling({ check, intervalMs: 3000, onDone, onError });
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('never overlaps checks: the next wait starts after an answer', async () => {
    let resolve: (value: boolean) => void = () => undefined;
    const check = vi.fn(() => new Promise<boolean>((res) => (resolve = res)));
    startPolling({ check, intervalMs: 3000, onDone: vi.fn() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(1);
    resolve(false);
    await vi.advanceTimersByTimeAsync(2999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
