import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { ProvisionalRate, VehicleLeasePackage } from '@leasing/contract';

import { formatPercent, formatPrice } from '../../../lib/format';
import { packageRate, savingsPercent } from '../rates';
import classes from './vehicle-page.module.css';

/**
 * The price of the chosen package (spec 2.4): net rate (the user's own, else the estimate), gross rate,
 * private-leasing comparison and the savings against it (spec 9).
 */
export function PricePreview({
  leasePackage,
  listPrice,
  approximate,
  provisional: provisionalRate = null,
}: {
  leasePackage: VehicleLeasePackage;
  listPrice: number;
  approximate: boolean;
  /** Set when the personal rates were computed with an earlier year's rules (ADR 0035). */
  provisional?: ProvisionalRate | null;
}) {
  const { t } = useTranslation('catalog');
  const { rate, personal } = packageRate(leasePackage);
  const provisional = personal ? provisionalRate : null;
  const comparison = leasePackage.grossComparisonCostEur;
  const savings = savingsPercent(comparison, rate);

  return (
    <Stack gap="sm" data-testid="price-preview">
      <div aria-live="polite" aria-atomic="true">
        <Text fw={600} data-testid="rate-label">
          {personal ? t('price.ownRate') : t('price.estimatedRate')}
          {provisional ? (
            <>
              {' '}
              <span className={classes.provisional} data-testid="rate-provisional">
                {t('price.provisional')}
              </span>
            </>
          ) : null}
        </Text>
        <Text className={classes.rate} data-testid="net-rate">
          {formatPrice(rate)}{' '}
          <Text span size="md" fw={400} c="dimmed">
            {t('price.perMonth')}
          </Text>
        </Text>
      </div>
      {provisional ? (
        <Text size="sm" c="dimmed" data-testid="rate-provisional-note">
          {t('price.provisionalNote', provisional)}
        </Text>
      ) : null}
      {personal ? null : (
        <Text size="sm" c="dimmed">
          {t('price.estimateNote')}{' '}
          <Anchor component={Link} to="/profile/salary" size="sm">
            {t('tax.toSalary')}
          </Anchor>
        </Text>
      )}
      <dl className={`${classes.facts} ${classes.separated}`}>
        <dt>{t('price.grossRate')}</dt>
        <dd data-testid="gross-rate">
          {t('price.monthly', { price: formatPrice(leasePackage.totalMonthlyGrossCostEur) })}
        </dd>
        <dt>{t('price.privateLeasing')}</dt>
        <dd data-testid="private-rate">{t('price.monthly', { price: formatPrice(comparison) })}</dd>
        <dt>{t('price.savings')}</dt>
        <dd data-testid="savings">
          {t('price.savingsValue', {
            percent: formatPercent(savings / 100),
            amount: formatPrice(Math.max(0, comparison - rate)),
          })}
        </dd>
        <dt>{t('price.listPrice')}</dt>
        <dd>{formatPrice(listPrice)}</dd>
      </dl>
      {approximate ? (
        <Text size="xs" c="dimmed">
          {t('price.approximate')}
        </Text>
      ) : null}
    </Stack>
  );
}
