/**
 * Mantine's notifications package (store, renderer, transitions) is loaded on the first toast instead
 * of with the first page, to keep the start bundle small. Everything that shows a toast goes through
 * `useNotify`, which calls `loadToasts`; never import '@mantine/notifications' statically.
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

export function loadToasts() {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('@mantine/notifications');
}

/** For `NotificationsHost`: whether a toast was asked for yet. */
export const toastsRequested = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot(): boolean {
    return requested;
  },
};
