import { Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { carName } from '@leasing/contract';
import type { VehicleSummary } from '@leasing/contract';

import {
  DELIVERY_ON_REQUEST,
  formatConsumption,
  formatDeliveryTime,
  formatKm,
  formatKw,
  formatPercent,
  formatPrice,
} from '../../../lib/format';
import { CARD_FALLBACK_IMAGE } from '../images';
import { cardRate, savingsPercent, savingsPerMonthEur } from '../rates';
import classes from './vehicle-card.module.css';

/** The delivery line of a search card (spec 9): "auf Anfrage" stands on its own, a time gets the label. */
export function cardDeliveryText(summary: Pick<VehicleSummary, 'deliveryFromWeeks' | 'deliveryToWeeks'>): {
  onRequest: boolean;
  time: string;
} {
  const time = formatDeliveryTime(summary.deliveryFromWeeks, summary.deliveryToWeeks, 'card');
  return { onRequest: time === DELIVERY_ON_REQUEST, time };
}

/**
 * Main photo, or /lightning400.png when there is none or it fails to load (spec 9). Pictures below the
 * first row load when scrolled near; those of the first row are the page's largest paint, so they load
 * at once and first.
 */
function CardImage({ src, alt, firstRow }: { src: string | null; alt: string; firstRow: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed || !src ? CARD_FALLBACK_IMAGE : src}
      alt={alt}
      className={classes.media}
      loading={firstRow ? 'eager' : 'lazy'}
      fetchPriority={firstRow ? 'high' : 'auto'}
      width={400}
      height={180}
      onError={() => {
        setFailed(true);
      }}
    />
  );
}

/**
 * One vehicle of the search grid (spec 2.3). Plain elements with a CSS module instead of Mantine's
 * Card/Badge/Image keep the search page's first load within budget. The whole card links to `/vehicle/{id}`.
 */
export function VehicleCard({ vehicle, firstRow = false }: { vehicle: VehicleSummary; firstRow?: boolean }) {
  const { t } = useTranslation('catalog');
  const { rate, personal } = cardRate(vehicle);
  // A personal rate computed with an earlier year's rules (the year's wage-tax plan is not in yet).
  const provisional = personal ? (vehicle.rateProvisional ?? null) : null;
  const savings = savingsPercent(vehicle.leaseFrom, rate);
  const savedPerMonth = savingsPerMonthEur(vehicle.leaseFrom, rate);
  const delivery = cardDeliveryText(vehicle);
  const name = carName({ brand: vehicle.brand, carModel: vehicle.model });

  return (
    <article className={classes.card} data-testid="vehicle-card">
      <CardImage src={vehicle.mainPhotoUrl} alt={t('card.photoAlt', { name })} firstRow={firstRow} />

      <div className={classes.body}>
        <div>
          <Title order={2} size="h4" lh={1.25}>
            <Link to={`/vehicle/${vehicle.id}`} className={classes.link}>
              <span className={classes.brand}>{vehicle.brand}</span> {vehicle.model}
            </Link>
          </Title>
          {vehicle.trimLevel ? (
            <Text size="sm" c="dimmed">
              {vehicle.trimLevel}
            </Text>
          ) : null}
        </div>

        <dl className={classes.facts}>
          <dt>{t('card.power')}</dt>
          <dd>{formatKw(vehicle.maximumPowerKw)}</dd>
          <dt>{t('card.range')}</dt>
          <dd data-testid="range">{formatKm(vehicle.rangeKm)}</dd>
          <dt>{t('card.consumption')}</dt>
          <dd data-testid="consumption">{formatConsumption(vehicle.consumption)}</dd>
        </dl>
        <Text size="sm" data-testid="delivery-time">
          {delivery.onRequest ? delivery.time : t('card.delivery', { time: delivery.time })}
        </Text>

        <div className={classes.priceRow}>
          <div>
            <Text size="sm" fw={600} className={classes.rateLabel} data-testid="rate-label">
              {personal ? t('card.ownRate') : t('card.estimatedRate')}
              {provisional ? (
                <>
                  {' '}
                  <span
                    className={classes.provisional}
                    data-testid="rate-provisional"
                    title={t('card.provisionalNote', provisional)}
                  >
                    {t('card.provisional')}
                  </span>
                </>
              ) : null}
            </Text>
            <div className={classes.rate} data-testid="net-rate">
              {formatPrice(rate)}{' '}
              <Text span size="sm" fw={400} c="dimmed">
                {t('card.perMonth')}
              </Text>
            </div>
          </div>
          {/* What the person saves per month against private leasing, and that as a share below it. */}
          <span className={classes.savings} data-testid="savings">
            <span className={classes.savingsAmount} data-testid="savings-amount">
              {savedPerMonth === null
                ? t('card.noSaving')
                : t('card.savesPerMonth', { amount: formatPrice(savedPerMonth) })}
            </span>{' '}
            <span className={classes.savingsShare} data-testid="savings-percent">
              {t('card.savings', { percent: formatPercent(savings / 100) })}
            </span>
          </span>
        </div>

        <dl className={classes.facts}>
          <dt>{t('card.privateLeasing')}</dt>
          <dd data-testid="private-rate">{t('card.priceMonthly', { price: formatPrice(vehicle.leaseFrom) })}</dd>
          <dt>{t('card.listPrice')}</dt>
          <dd data-testid="list-price">{formatPrice(vehicle.listPrice)}</dd>
        </dl>
      </div>

      <footer className={classes.footer}>
        <span>{t('card.emissions')}</span>
        {provisional ? (
          <small data-testid="rate-provisional-note">{t('card.provisionalNote', provisional)}</small>
        ) : null}
        {vehicle.approximate ? <small>{t('card.approximate')}</small> : null}
      </footer>
    </article>
  );
}
