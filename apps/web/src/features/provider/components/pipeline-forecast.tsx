import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { MileageForecastRow } from '@leasing/contract';

import { formatDate, formatKm, formatPrice } from '../../../lib/format';

/**
 * Where a running lease's kilometres are heading: the odometer at the lease's end against the
 * contract's kilometres, and what the return would settle for that distance (ADR 0054); "–" without one.
 */
export function PipelineForecast({ forecast, loading }: { forecast: MileageForecastRow | null; loading: boolean }) {
  const { t } = useTranslation('provider');
  if (loading) return <Skeleton height={12} width={120} aria-hidden />;
  if (forecast?.forecastEndKm == null) return <Text size="sm">–</Text>;
  const total = forecast.projectedTotalEur;
  return (
    <>
      <Text size="sm">
        {t('pipeline.forecastKm', { km: formatKm(forecast.forecastEndKm), contract: formatKm(forecast.contractKm) })}
      </Text>
      {total === null ? null : (
        <Text
          size="xs"
          c={forecast.overTolerance ? 'orange.8' : 'dimmed'}
          fw={forecast.overTolerance ? 600 : undefined}
        >
          {total > 0
            ? t('pipeline.forecastCharge', { amount: formatPrice(total) })
            : total < 0
              ? t('pipeline.forecastRefund', { amount: formatPrice(-total) })
              : t('pipeline.forecastEven')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('pipeline.forecastReading', {
          km: formatKm(forecast.latestReadingKm),
          date: formatDate(forecast.latestReadOn),
        })}
      </Text>
    </>
  );
}
