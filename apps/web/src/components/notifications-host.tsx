import { lazy, Suspense, useSyncExternalStore } from 'react';

import { TOAST_LONG_MS } from '../config/ui';
import { loadToasts, toastsRequested } from './toast-loader';

const Notifications = lazy(() => loadToasts().then((module) => ({ default: module.Notifications })));

/** Mounts Mantine's `Notifications` once the first toast is requested (see toast-loader.ts). */
export function NotificationsHost() {
  const requested = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.getSnapshot, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TOAST_LONG_MS} limit={5} />
    </Suspense>
  );
}
