import type EmblaCarousel from 'embla-carousel';
import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';

import { pageUsed } from './page-used';

type CreateEmbla = typeof EmblaCarousel;

let loaded: CreateEmbla | undefined;
let loading: Promise<CreateEmbla> | undefined;

function loadEmbla(): Promise<CreateEmbla> {
  loading ??= import('embla-carousel').then((module) => (loaded = module.default));
  return loading;
}

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
  const [createEmbla, setCreateEmbla] = useState<CreateEmbla | undefined>(() => loaded);
  const [embla, setEmbla] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (createEmbla) return undefined;
    let mounted = true;
    void pageUsed()
      .then(loadEmbla)
      .then((create) => {
        if (mounted) setCreateEmbla(() => create);
      });
    return () => {
      mounted = false;
    };
  }, [createEmbla]);

  useEffect(() => {
    if (!createEmbla || !viewport) return undefined;
    const instance = createEmbla(viewport, settings.current.options, settings.current.plugins);
    setEmbla(instance);
    return () => {
      instance.destroy();
      setEmbla(undefined);
    };
  }, [createEmbla, viewport]);

  return [setViewport, embla];
}
