/** Why the user has to sign in again: the refresh failed (401 path) or the server said 403. */
export type AuthFailureReason = 'session-expired' | 'forbidden';

type AuthFailureListener = (reason: AuthFailureReason) => void;

const listeners = new Set<AuthFailureListener>();

/** The API client reports a lost session here; it knows nothing about routing or toasts. */
export function emitAuthFailure(reason: AuthFailureReason): void {
  for (const listener of listeners) listener(reason);
}

/** The app wires navigation to this (see app/app-router.tsx). Returns the unsubscribe function. */
export function subscribeAuthFailure(listener: AuthFailureListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
