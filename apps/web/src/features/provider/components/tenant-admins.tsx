import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TenantDetail } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useResetAdminMfa } from '../api/reset-admin-mfa';
import { ConfirmButton } from './confirm-button';

/** E-mail addresses have no place to break: on a phone a long one would widen the page. */
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/**
 * The employer's HR admins. An admin who lost the second factor is reset here, after a question:
 * their sessions end and they enrol again with a code mailed to their own address.
 */
export function TenantAdmins({ tenant }: { tenant: TenantDetail }) {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const reset = useResetAdminMfa();
  const onReset = (admin: TenantDetail['admins'][number]) =>
    reset.mutate(
      { tenantId: tenant.id, userId: admin.id },
      {
        onSuccess: () => notify.success(t('tenant.resetMfaDone', { name: `${admin.firstName} ${admin.lastName}` })),
        onError: (error) =>
          notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater')),
      },
    );
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('tenant.admins')}
      </Title>
      {tenant.admins.length === 0 ? <Text>{t('tenant.noAdmins')}</Text> : null}
      {tenant.admins.map((admin) => {
        const name = `${admin.firstName} ${admin.lastName}`;
        return (
          <Group key={admin.id} gap="sm">
            <Text fw={600}>{name}</Text>
            <Text c="dimmed" style={BREAK_ANYWHERE}>
              {admin.email}
            </Text>
            <Badge variant="light" color={admin.active ? 'ev' : 'yellow'}>
              {admin.active ? t('tenant.adminActive') : t('tenant.adminInvited')}
            </Badge>
            {admin.active ? (
              <ConfirmButton
                size="xs"
                variant="light"
                color="red"
                question={t('tenant.resetMfaConfirm', { name })}
                aria-label={t('tenant.resetMfaLabel', { name })}
                loading={reset.isPending && reset.variables.userId === admin.id}
                onConfirm={() => onReset(admin)}
              >
                {t('tenant.resetMfa')}
              </ConfirmButton>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
