import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { VehicleIdParamsSchema } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { useSlicedFirstBuild } from '../../../lib/use-sliced-first-build';
import { isApiError } from '../../../lib/api-client';
import { useVehicle } from '../api/get-vehicle';
import { VehicleDetail } from './vehicle-detail';
import { VehicleSkeleton } from './vehicle-skeleton';

function VehicleNotFound() {
  const { t } = useTranslation('catalog');
  usePageTitle(t('vehicle.notFoundTitle'));
  return (
    <Stack gap="md" align="flex-start" data-testid="vehicle-not-found">
      <Title order={1}>{t('vehicle.notFoundTitle')}</Title>
      <Text>{t('vehicle.notFoundText')}</Text>
      <Button component={Link} to="/search">
        {t('vehicle.backToSearch')}
      </Button>
    </Stack>
  );
}

/** /vehicle/:vehicleId: vehicle detail and package choice (spec 2.4, 4.3). */
export function VehiclePage() {
  const { t } = useTranslation('catalog');
  const { vehicleId = '' } = useParams();
  // A malformed id would only earn a 400: say "not found" without asking.
  const valid = VehicleIdParamsSchema.safeParse({ vehicleId }).success;
  const vehicle = useVehicle(vehicleId, valid);
  const shown = useSlicedFirstBuild(vehicle.data);

  if (!valid) return <VehicleNotFound />;
  if (shown) return <VehicleDetail key={shown.id} vehicle={shown} />;
  if (vehicle.data) return <VehicleSkeleton />;
  if (vehicle.isError) {
    if (isApiError(vehicle.error) && (vehicle.error.status === 404 || vehicle.error.status === 400)) {
      return <VehicleNotFound />;
    }
    return (
      <Alert variant="light" color="red" role="alert" title={t('vehicle.loadError')}>
        <Button variant="default" size="xs" mt="sm" onClick={() => void vehicle.refetch()}>
          {t('vehicle.retry')}
        </Button>
      </Alert>
    );
  }
  return <VehicleSkeleton />;
}
