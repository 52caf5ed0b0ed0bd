import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatDate } from '../../lib/format';
import { openProviderPage } from '../orders/open-window';
import { useLeaseEnd, useStartLicenceCheck } from './api';
import { useLicenceReason } from './licence-reason';

/**
 * On the employee's order page of a running lease: the next car six months before the end, the
 * return appointment once the provider set it, and the driving-licence check when it falls due.
 */
export function LeaseEndBanner({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const { data } = useLeaseEnd(orderId);
  const startCheck = useStartLicenceCheck(orderId);
  const reasonText = useLicenceReason();
  if (!data) return null;
  const check = data.licenceCheck;
  return (
    <Stack gap="sm" w="100%" data-testid="lease-end-banner">
      {data.nextCarOffered && data.endsOn ? (
        <Alert color="ev" title={t('leaseEnd.nextCarTitle')} data-testid="next-car-offer">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('leaseEnd.nextCarText', { date: formatDate(data.endsOn) })}</Text>
            <Button component={Link} to="/search" size="xs" variant="light">
              {t('leaseEnd.nextCarButton')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {data.appointment ? (
        <Alert color="blue" title={t('leaseEnd.appointmentTitle')} data-testid="return-appointment">
          <Text size="sm">
            {t('leaseEnd.appointmentText', { date: formatDate(data.appointment.date), place: data.appointment.place })}
          </Text>
        </Alert>
      ) : null}
      {check && check.status !== 'OK' ? (
        <Alert
          color={check.status === 'OVERDUE' ? 'red' : 'orange'}
          title={t('leaseEnd.licenceTitle')}
          data-testid="licence-check-due"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('leaseEnd.licenceText', { date: formatDate(check.dueOn) })}</Text>
            {check.lastFailureReason ? (
              <Text size="sm" data-testid="licence-check-failed">
                {t('leaseEnd.licenceFailed', { reason: reasonText(check.lastFailureReason) })}
              </Text>
            ) : null}
            <Button
              size="xs"
              loading={startCheck.isPending}
              onClick={() =>
                startCheck.mutate(undefined, {
                  onSuccess: (started) => {
                    if (started.link) openProviderPage(started.link);
                  },
                })
              }
              data-testid="start-licence-check"
            >
              {t('leaseEnd.licenceButton')}
            </Button>
            {startCheck.isError ? (
              <Text size="xs" c="red">
                {t('leaseEnd.licenceError')}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
