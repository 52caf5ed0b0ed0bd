import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TenantBillingAnswer } from '@leasing/contract';

import { useOwnBilling } from '../api/tenant-billing';
import { LoadError } from './load-error';

function BillingTable({ billing }: { billing: NonNullable<TenantBillingAnswer['billing']> }) {
  const { t } = useTranslation('billing');
  const none = t('common.none');
  const rows: [string, string][] = [
    [t('tenantBilling.billingEmail'), billing.billingEmail],
    [
      t('portal.address'),
      `${billing.street} ${billing.streetNumber}, ${billing.postcode} ${billing.place}, ${billing.countryCode}`,
    ],
    [t('tenantBilling.vatId'), billing.vatId || none],
    [t('tenantBilling.buyerReference'), billing.buyerReference || none],
    [t('tenantBilling.isPublicBody'), billing.isPublicBody ? t('common.yes') : t('common.no')],
  ];
  if (billing.isPublicBody) rows.push([t('tenantBilling.leitwegId'), billing.leitwegId || none]);
  rows.push([t('tenantBilling.format'), t(`formats.${billing.format}`)]);
  // Long values (an e-mail address) may break anywhere, labels only between words: on a phone the
  // table stays as wide as the screen.
  return (
    <Table maw={720} data-testid="own-billing-table">
      <Table.Caption>{t('portal.billingReadOnly')}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The employer's billing data as its provider keeps it, read only for HR. */
export function OwnBillingCard() {
  const { t } = useTranslation('billing');
  const billing = useOwnBilling();
  return (
    <Stack gap="xs" data-testid="own-billing">
      <Title order={2} size="h3">
        {t('portal.billingTitle')}
      </Title>
      {billing.isError ? <LoadError onRetry={() => void billing.refetch()} /> : null}
      {billing.isPending ? <Loader size="sm" aria-label={t('portal.billingTitle')} /> : null}
      {billing.data && billing.data.billing === null ? <Text size="sm">{t('portal.noBilling')}</Text> : null}
      {billing.data?.billing ? <BillingTable billing={billing.data.billing} /> : null}
    </Stack>
  );
}
