import { useId as useReactId } from 'react';

/**
 * Stand-in for `useId` of @mantine/hooks, for Mantine's own components (vite.config.ts points that one
 * module here). Mantine's hook renders with an id derived from React's `useId` and then, in a layout
 * effect, swaps it for a random one: every component that asks for an id (inputs, the collapsible
 * header menu, accordions, tooltips) renders a second time, synchronously, right after it first
 * appears; on a form of thirty fields that is thirty renders more inside the page's first commit. React's
 * id is already unique within the app and the same between a prerendered page and the app's render,
 * so this keeps the first one. A given id still wins, as with Mantine's.
 */
export function useId(staticId?: string): string {
  const id = `mantine-${useReactId()}`;
  return typeof staticId === 'string' ? staticId : id;
}
