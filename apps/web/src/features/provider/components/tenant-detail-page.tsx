import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { RegisterCode, TenantDetail } from '@leasing/contract';

import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatInteger } from '../../../lib/format';
import { TenantBillingForm } from '../../billing/components/tenant-billing-form';
import { useTenant } from '../api/get-tenant';
import { useRevokeRegisterCode } from '../api/revoke-register-code';
import { useSetTenantEnabled } from '../api/set-tenant-enabled';
import { ConfirmButton } from './confirm-button';
import { LoadError } from './load-error';
import { RegisterCodeModal } from './register-code-modal';
import { TenantAdmins } from './tenant-admins';
import { TenantFormModal } from './tenant-form-modal';
import { TenantPolicyCard } from './tenant-policy-card';

/** E-mail addresses have no place to break: on a phone a long one would widen the page. */
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

const STATE_COLOR: Record<RegisterCode['state'], string> = {
  ACTIVE: 'ev',
  EXPIRED: 'gray',
  USED_UP: 'yellow',
  REVOKED: 'red',
};

function CodesTable({ tenant }: { tenant: TenantDetail }) {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const revoke = useRevokeRegisterCode();
  const [pending, setPending] = useState<string | null>(null);
  const onRevoke = (code: string) => {
    setPending(code);
    revoke.mutate(
      { tenantId: tenant.id, code },
      {
        onSuccess: () => notify.success(t('codes.revoked', { code })),
        onError: (error) =>
          notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater')),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Caption>{t('codes.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('codes.code')}</Table.Th>
            <Table.Th>{t('codes.state')}</Table.Th>
            <Table.Th ta="right">{t('codes.uses')}</Table.Th>
            <Table.Th>{t('codes.validUntil')}</Table.Th>
            <Table.Th>{t('codes.createdAt')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenant.registerCodes.map((code) => (
            <Table.Tr key={code.code} data-testid="register-code-row">
              <Table.Th scope="row">
                <Text ff="monospace" fw={700} data-testid="register-code">
                  {code.code}
                </Text>
              </Table.Th>
              <Table.Td>
                <Badge variant="light" color={STATE_COLOR[code.state]}>
                  {t(`codes.states.${code.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {code.maxUses === null
                  ? formatInteger(code.uses)
                  : t('codes.usesOf', { uses: formatInteger(code.uses), max: formatInteger(code.maxUses) })}
              </Table.Td>
              <Table.Td>{code.expiresAt ? formatDateTime(code.expiresAt) : t('codes.noExpiry')}</Table.Td>
              <Table.Td>{formatDate(code.createdAt)}</Table.Td>
              <Table.Td>
                {code.state === 'REVOKED' ? null : (
                  <ConfirmButton
                    size="xs"
                    color="red"
                    variant="outline"
                    loading={pending === code.code}
                    question={t('codes.revokeConfirm', { code: code.code })}
                    onConfirm={() => onRevoke(code.code)}
                    aria-label={t('codes.revokeLabel', { code: code.code })}
                  >
                    {t('codes.revoke')}
                  </ConfirmButton>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /provider/tenants/:tenantId: the employer, its HR admins, register codes and programme policy (read
 * only); edit, (de)activate.
 */
export function TenantDetailPage({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const tenant = useTenant(tenantId);
  const setEnabled = useSetTenantEnabled();
  const [editing, setEditing] = useState(false);
  const [addingCode, setAddingCode] = useState(false);
  usePageTitle(tenant.data?.name ?? t('tenants.title'));

  if (tenant.isError) return <LoadError onRetry={() => void tenant.refetch()} />;
  if (tenant.isPending) return <PageSkeleton />;
  const data = tenant.data;

  const toggle = () => {
    setEnabled.mutate(
      { tenantId: data.id, enabled: !data.enabled },
      {
        onSuccess: (next) => notify.success(next.enabled ? t('tenant.reactivated') : t('tenant.deactivated')),
        onError: () => notify.error(t('common.retryLater')),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/provider/tenants" size="sm">
        {t('tenant.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{data.name}</Title>
            <Badge variant="light" color={data.enabled ? 'ev' : 'gray'}>
              {data.enabled ? t('tenants.enabled') : t('tenants.disabled')}
            </Badge>
          </Group>
          <Text c="dimmed">
            {[
              `${data.street ?? ''} ${data.streetNumber ?? ''}`.trim(),
              `${data.postcode ?? ''} ${data.place ?? ''}`.trim(),
            ]
              .filter(Boolean)
              .join(', ')}
          </Text>
          {data.contactEmail ? (
            <Text size="sm" style={BREAK_ANYWHERE}>
              {t('tenant.contact', { email: data.contactEmail })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('tenant.edit')}
          </Button>
          {data.enabled ? (
            <ConfirmButton
              color="red"
              variant="outline"
              loading={setEnabled.isPending}
              question={t('tenant.deactivateConfirm', { name: data.name })}
              onConfirm={toggle}
            >
              {t('tenant.deactivate')}
            </ConfirmButton>
          ) : (
            <Button color="ev" variant="outline" loading={setEnabled.isPending} onClick={toggle}>
              {t('tenant.reactivate')}
            </Button>
          )}
        </Group>
      </Group>
      {data.enabled ? null : (
        <Alert color="yellow" variant="light">
          {t('tenant.disabledHint')}
        </Alert>
      )}
      <Group grow align="stretch">
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('tenants.employees')}
          </Text>
          <Text fz={28} fw={700}>
            {formatInteger(data.employees)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('tenants.activeOrders')}
          </Text>
          <Text fz={28} fw={700}>
            {formatInteger(data.activeOrders)}
          </Text>
        </Card>
      </Group>

      <TenantAdmins tenant={data} />

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('codes.title')}
          </Title>
          <Button size="sm" onClick={() => setAddingCode(true)}>
            {t('codes.create')}
          </Button>
        </Group>
        {data.activeCodes === 0 ? (
          <Alert color="yellow" variant="light">
            {t('codes.noneActive')}
          </Alert>
        ) : null}
        <CodesTable tenant={data} />
      </Stack>

      <TenantPolicyCard tenantId={data.id} />

      <TenantBillingForm key={data.id} tenantId={data.id} suggestion={data} />

      <TenantFormModal opened={editing} onClose={() => setEditing(false)} tenant={data} />
      <RegisterCodeModal tenantId={data.id} opened={addingCode} onClose={() => setAddingCode(false)} />
    </Stack>
  );
}
