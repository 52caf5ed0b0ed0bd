import { createContext } from 'react';

/**
 * The vehicle's first picture, when the page knows it before the vehicle's data: only the page the build
 * prerenders for the server to fill in (src/prerender/render-page.tsx) provides it, so the placeholder
 * shows the picture where the gallery will show it and the page's largest paint does not wait for the
 * scripts (docs/decisions/0023-prerendered-sign-in.md).
 */
export const FirstPictureContext = createContext<string | null>(null);
