import { Carousel } from '@mantine/carousel';
import { Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { LightningPlaceholder } from './lightning-placeholder';
import classes from './vehicle-page.module.css';

interface SlideProps {
  src: string;
  alt: string;
  placeholderLabel: string;
  /** The first picture is the page's largest paint: the server names it for an early load as well. */
  first: boolean;
}

function Slide({ src, alt, placeholderLabel, first }: SlideProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return <LightningPlaceholder label={placeholderLabel} />;
  return (
    <img
      src={src}
      alt={alt}
      className={classes.slideImage}
      height={300}
      fetchPriority={first ? 'high' : 'auto'}
      onError={() => {
        setFailed(true);
      }}
    />
  );
}

/**
 * One picture as the gallery shows it: 300 px high, captioned "Symbolbild". The vehicle page's placeholder
 * shows its first picture the same way before the data (vehicle-skeleton.tsx), so nothing moves.
 */
export function PictureFigure({ children }: { children: ReactNode }) {
  const { t } = useTranslation('catalog');
  return (
    <figure className={classes.figure}>
      {children}
      <Text component="figcaption" size="xs" c="dimmed" ta="center">
        {t('vehicle.symbolPicture')}
      </Text>
    </figure>
  );
}

/** The vehicle's pictures (spec 2.4), each captioned "Symbolbild"; the lightning graphic without any. */
export function PictureCarousel({ name, pictureUrls }: { name: string; pictureUrls: readonly string[] }) {
  const { t } = useTranslation('catalog');
  const placeholderLabel = t('vehicle.noPicture');
  if (pictureUrls.length === 0) {
    return (
      <figure className={classes.figure}>
        <LightningPlaceholder label={placeholderLabel} />
      </figure>
    );
  }
  const total = pictureUrls.length;
  return (
    <Carousel
      component="section"
      aria-roledescription="Karussell"
      aria-label={t('vehicle.pictures', { name })}
      withIndicators={total > 1}
      withControls={total > 1}
      emblaOptions={{ loop: total > 1 }}
      previousControlProps={{ 'aria-label': t('vehicle.previousPicture') }}
      nextControlProps={{ 'aria-label': t('vehicle.nextPicture') }}
      getIndicatorProps={(index) => ({ 'aria-label': t('vehicle.showPicture', { index: index + 1 }) })}
      className={classes.carousel}
      classNames={{ indicator: classes.indicator, indicators: classes.indicators }}
    >
      {pictureUrls.map((url, index) => (
        <Carousel.Slide
          key={url}
          role="group"
          aria-roledescription="Folie"
          aria-label={t('vehicle.pictureAlt', { name, index: index + 1, total })}
        >
          <PictureFigure>
            <Slide
              src={url}
              alt={t('vehicle.pictureAlt', { name, index: index + 1, total })}
              placeholderLabel={placeholderLabel}
              first={index === 0}
            />
          </PictureFigure>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
