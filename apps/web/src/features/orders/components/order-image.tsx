import { Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import defaultCar from '../assets/default-car.svg';
import { vehicleTitle } from '../order-figures';
import classes from './orders.module.css';

/** The ordered car's main photo, or the fixed local car image when the order has none (spec 2.5, 9). */
export function OrderImage({ vehicle, variant }: { vehicle: Order['vehicle']; variant: 'card' | 'hero' }) {
  const { t } = useTranslation('orders');
  const src = vehicle.mainPhotoUrl ?? defaultCar;
  const alt = vehicle.mainPhotoUrl
    ? t('common.carImageAlt', { name: vehicleTitle(vehicle) })
    : t('common.defaultImageAlt');
  return (
    <Image
      src={src}
      alt={alt}
      fallbackSrc={defaultCar}
      className={variant === 'card' ? classes.cardImage : classes.heroImage}
      data-testid={vehicle.mainPhotoUrl ? 'order-photo' : 'order-default-image'}
    />
  );
}
