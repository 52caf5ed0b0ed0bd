import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { BulkInviteResult } from '@leasing/contract';

/**
 * What the server did with each row: how many were invited, how many were skipped because the person
 * is already known, and every refused row with its number (list position or line of the CSV file)
 * and the server's reason (German, e.g. "E-Mail ungültig").
 */
export function InviteResult({ result, source }: { result: BulkInviteResult; source: 'list' | 'csv' }) {
  const { t } = useTranslation('employer');
  const failed = result.errors.length > 0;
  return (
    <Alert
      variant="light"
      color={failed ? 'orange' : 'green'}
      title={t('invite.result.title')}
      data-testid="invite-result"
      role="status"
    >
      <Text size="sm">{t('invite.result.created', { count: result.created })}</Text>
      <Text size="sm">{t('invite.result.skipped', { count: result.skipped })}</Text>
      {failed ? (
        <>
          <Text size="sm" mt="xs" fw={600}>
            {t('invite.result.errors', { count: result.errors.length })}
          </Text>
          <List size="sm" spacing={2} data-testid="invite-errors">
            {result.errors.map((error) => (
              <List.Item key={`${String(error.row)}-${error.message}`}>
                {t(source === 'csv' ? 'invite.result.line' : 'invite.result.row', { row: error.row })}: {error.message}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
