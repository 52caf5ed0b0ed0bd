/**
 * Asks `check` at once and then every `intervalMs` until it answers true (then `onDone` runs once) or
 * the returned stop function is called. A failing check counts as "not yet": the provider's status
 * lives in our database, a passing network hiccup must not end the wait. Checks never overlap.
 */
export interface PollerOptions {
  check: (signal: AbortSignal) => Promise<boolean>;
  intervalMs: number;
  onDone: () => void;
  onError?: (error: unknown) => void;
}

export function startPolling({ check, intervalMs, onDone, onError }: PollerOptions): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const tick = async () => {
    if (stopped) return;
    let done = false;
    try {
      done = await check(controller.signal);
    } catch (error) {
      if (!stopped) onError?.(error);
    }
    if (stopped) return;
    if (done) {
      stopped = true;
      onDone();
      return;
    }
    timer = setTimeout(() => void tick(), intervalMs);
  };

  void tick();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    controller.abort();
  };
}
