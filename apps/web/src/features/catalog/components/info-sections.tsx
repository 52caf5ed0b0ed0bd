import { Paper, SimpleGrid, Spoiler, Text, Title } from '@mantine/core';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Vehicle } from '@leasing/contract';

import { formatConsumption, formatDeliveryTime, formatKm, formatKw, formatKwh, formatPrice } from '../../../lib/format';
import classes from './vehicle-page.module.css';

/** Collapsed height of the info sections (spec 2.4). */
export const INFO_COLLAPSED_HEIGHT = 100;

function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <Spoiler
        maxHeight={INFO_COLLAPSED_HEIGHT}
        showLabel={t('info.showMore')}
        hideLabel={t('info.showLess')}
        showAriaLabel={t('info.showMoreOf', { section: title })}
        hideAriaLabel={t('info.showLessOf', { section: title })}
      >
        {children}
      </Spoiler>
    </Paper>
  );
}

/** Multi-line text from the catalogue as a list, or 'keine Angaben'. */
function Lines({ text }: { text: string | null }) {
  const { t } = useTranslation('catalog');
  const lines = (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('info.noInfo')}
      </Text>
    );
  }
  return (
    <ul className={classes.lines}>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

/** Vehicle details, standard and special equipment, technical data, each with show more/less (spec 2.4). */
export function InfoSections({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('catalog');
  const facts: [string, string][] = [
    [t('info.brand'), vehicle.brand],
    [t('info.model'), vehicle.carModel],
    [t('info.trimLevel'), vehicle.trimLevel ?? '?'],
    [t('info.power'), formatKw(vehicle.maximumPowerKw)],
    [t('info.range'), formatKm(vehicle.rangeKm)],
    [t('info.battery'), formatKwh(vehicle.batteryKwh)],
    [t('info.consumption'), formatConsumption(vehicle.consumption)],
    [t('info.emissions'), t('info.emissionsValue')],
    [t('info.listPrice'), formatPrice(vehicle.listPrice)],
    [t('info.deliveryTime'), formatDeliveryTime(vehicle.deliveryFromWeeks, vehicle.deliveryToWeeks, 'other')],
    [t('info.colors'), vehicle.colors.length > 0 ? vehicle.colors.join(', ') : '?'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <InfoSection title={t('info.vehicleDetails')}>
        <dl className={classes.facts}>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </InfoSection>
      <InfoSection title={t('info.standardEquipment')}>
        <Lines text={vehicle.vehicleDetails.standardEquipment} />
      </InfoSection>
      <InfoSection title={t('info.specialEquipment')}>
        <Lines text={vehicle.vehicleDetails.specialEquipment} />
      </InfoSection>
      <InfoSection title={t('info.technicalData')}>
        <Lines text={vehicle.vehicleDetails.technicalDetails} />
      </InfoSection>
    </SimpleGrid>
  );
}
