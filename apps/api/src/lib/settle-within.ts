/**
 * Waits for `work` at most `ms`: true when it settled in time (either way), false when the wait was
 * given up. Used at shutdown, where waiting on a stuck task must not cost the grace period; the work
 * itself goes on until the process exits.
 */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  if (!Number.isFinite(ms)) return settled;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([settled, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}
