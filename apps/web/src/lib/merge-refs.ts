import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stand-in for `useMergeRefs` of @floating-ui/react, built on Mantine's own `useMergedRef` (which every
 * other Mantine component uses). Mantine's ScrollArea (and so every Mantine Table, Modal and Drawer)
 * imports this one hook from @floating-ui/react, which drags in all of floating-ui (about 10 KB gzip) on
 * pages that never open a popover; vite.config.ts points that single import here. ScrollArea always
 * passes its own viewport ref, so floating-ui's `null` for "no refs at all" never applies.
 */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
