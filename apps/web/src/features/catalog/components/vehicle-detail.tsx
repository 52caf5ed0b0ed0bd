import { Anchor, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { carName } from '@leasing/contract';
import type { Vehicle } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { formatConsumption, formatDeliveryTime, formatKm, formatKw } from '../../../lib/format';
import { useTaxResult } from '../api/get-tax-result';
import { usePackageSelection } from '../hooks/use-package-selection';
import { packageRate } from '../rates';
import { InfoSections } from './info-sections';
import { Inclusions } from './inclusions';
import { KmRulesTable } from './km-rules-table';
import { OrderButton, type OrderButtonProps } from './order-button';
import { PackageOptions } from './package-options';
import { PictureCarousel } from './picture-carousel';
import { PricePreview } from './price-preview';
import { TaxSection } from './tax-section';
import classes from './vehicle-page.module.css';

/**
 * The order button with the employer programme's verdict on the selected package, which comes with the
 * package's tax result (the same query the tax section shows; its own component so only the button
 * follows that query). The previous package's answer, kept while the next loads, says nothing about
 * this one: until the new one is there the button stays as it is and the server decides at the order.
 */
function PackageOrderButton(choice: Omit<OrderButtonProps, 'policy'>) {
  const pkg = choice.leasePackage;
  const tax = useTaxResult(pkg?.id, pkg ? pkg.userPrice !== null : false);
  const policy = tax.data && !tax.isPlaceholderData ? tax.data.policy : null;
  return <OrderButton {...choice} policy={policy} />;
}

/** The vehicle page once the vehicle is loaded (spec 2.4); mount with `key={vehicle.id}`. */
export function VehicleDetail({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('catalog');
  const name = carName(vehicle);
  usePageTitle(name);
  const selection = usePackageSelection(vehicle);
  const pkg = selection.leasePackage;

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Anchor component={Link} to="/search" size="sm">
          ← {t('vehicle.backToSearch')}
        </Anchor>
        <Text fw={600} c="dimmed">
          {vehicle.brand}
        </Text>
        <Title order={1}>{vehicle.carModel}</Title>
        {vehicle.trimLevel ? <Text size="lg">{vehicle.trimLevel}</Text> : null}
      </Stack>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PictureCarousel name={name} pictureUrls={vehicle.pictureUrls} />
            <dl className={classes.facts}>
              <dt>{t('info.power')}</dt>
              <dd>{formatKw(vehicle.maximumPowerKw)}</dd>
              <dt>{t('info.range')}</dt>
              <dd>{formatKm(vehicle.rangeKm)}</dd>
              <dt>{t('info.consumption')}</dt>
              <dd>{formatConsumption(vehicle.consumption)}</dd>
              <dt>{t('info.deliveryTime')}</dt>
              <dd>{formatDeliveryTime(vehicle.deliveryFromWeeks, vehicle.deliveryToWeeks, 'other')}</dd>
            </dl>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" className={classes.sticky} component="section" aria-labelledby="package-title">
            <Stack gap="lg">
              <Title order={2} size="h3" id="package-title">
                {t('options.title')}
              </Title>
              <PackageOptions selection={selection} colors={vehicle.colors} deliveryOptions={vehicle.deliveryOptions} />
              {pkg ? (
                <PricePreview
                  leasePackage={pkg}
                  listPrice={vehicle.listPrice}
                  approximate={vehicle.approximate}
                  provisional={vehicle.rateProvisional ?? null}
                />
              ) : null}
              <PackageOrderButton
                leasePackage={pkg}
                color={selection.color}
                delivery={selection.delivery}
                rate={pkg ? packageRate(pkg) : null}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      {pkg ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Inclusions leasePackage={pkg} />
            <KmRulesTable leasePackage={pkg} />
          </SimpleGrid>
          <TaxSection leasePackage={pkg} />
        </>
      ) : null}

      <Stack gap="md" component="section" aria-labelledby="info-title">
        <Title order={2} size="h3" id="info-title">
          {t('info.title')}
        </Title>
        <InfoSections vehicle={vehicle} />
      </Stack>
    </Stack>
  );
}
