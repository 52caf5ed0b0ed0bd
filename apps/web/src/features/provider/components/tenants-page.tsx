import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { formatInteger } from '../../../lib/format';
import { useTenants } from '../api/get-tenants';
import { LoadError } from './load-error';
import { TenantFormModal } from './tenant-form-modal';

/** /provider/tenants: every employer with its head counts; creates new ones. */
export function TenantsPage() {
  const { t } = useTranslation('provider');
  const tenants = useTenants();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  usePageTitle(t('tenants.title'));

  let content;
  if (tenants.isError) content = <LoadError onRetry={() => void tenants.refetch()} />;
  else if (tenants.isPending) content = <TableSkeleton />;
  else if (tenants.data.length === 0) content = <Text>{t('tenants.empty')}</Text>;
  else
    content = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Caption>{t('tenants.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tenants.name')}</Table.Th>
              <Table.Th ta="right">{t('tenants.employees')}</Table.Th>
              <Table.Th ta="right">{t('tenants.activeOrders')}</Table.Th>
              <Table.Th ta="right">{t('tenants.codes')}</Table.Th>
              <Table.Th>{t('tenants.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tenants.data.map((tenant) => (
              <Table.Tr key={tenant.id} data-testid="tenant-row">
                <Table.Th scope="row">
                  <Anchor component={Link} to={`/provider/tenants/${tenant.id}`} fw={600}>
                    {tenant.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[tenant.postcode, tenant.place].filter(Boolean).join(' ')}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{formatInteger(tenant.employees)}</Table.Td>
                <Table.Td ta="right">{formatInteger(tenant.activeOrders)}</Table.Td>
                <Table.Td ta="right">{formatInteger(tenant.activeCodes)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={tenant.enabled ? 'ev' : 'gray'}>
                    {tenant.enabled ? t('tenants.enabled') : t('tenants.disabled')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('tenants.title')}</Title>
          <Text c="dimmed">{t('tenants.intro')}</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>{t('tenants.create')}</Button>
      </Group>
      {content}
      <TenantFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => void navigate(`/provider/tenants/${created.id}`)}
      />
    </Stack>
  );
}
