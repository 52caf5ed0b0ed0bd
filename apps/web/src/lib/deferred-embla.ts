import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';

import { loadedOncePageUsed } from './page-used';

const embla = loadedOncePageUsed(() => import('embla-carousel').then((module) => module.default));

/**
 * Stand-in for `useEmblaCarousel` of embla-carousel-react, for Mantine's Carousel only (vite.config.ts
 * points that one import here). Embla itself (about 8 KB gzip) loads once the page is used, not with
 * the first view: until then the carousel is what the real hook shows before its effect runs, the
 * first slide with the controls inactive. Options and plugins are read when embla starts; the app
 * never changes them on a mounted carousel (it is keyed by the vehicle).
 */
export default function useEmblaCarousel(
  options: EmblaOptionsType = {},
  plugins: EmblaPluginType[] = [],
): [(viewport: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const settings = useRef({ options, plugins });
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const createEmbla = embla.useLoaded();
  const [instance, setInstance] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!createEmbla || !viewport) return undefined;
    const started = createEmbla(viewport, settings.current.options, settings.current.plugins);
    setInstance(started);
    return () => {
      started.destroy();
      setInstance(undefined);
    };
  }, [createEmbla, viewport]);

  return [setViewport, instance];
}
