import { Center, Loader, VisuallyHidden } from '@mantine/core';

/**
 * Spinner for Suspense fallbacks. Its label is fixed German text: it is also shown while the
 * translations themselves are still loading.
 */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Loader type="dots" />
      <VisuallyHidden>Wird geladen …</VisuallyHidden>
    </Center>
  );
}
