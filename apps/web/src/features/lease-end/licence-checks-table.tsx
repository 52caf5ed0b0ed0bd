import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { LicenceCheckRow } from '@leasing/contract';

import { formatDate } from '../../lib/format';
import { useLicenceReason } from './licence-reason';

const COLORS: Record<LicenceCheckRow['status'], string> = { OK: 'ev', DUE: 'orange', OVERDUE: 'red' };

/** The driving-licence checks of people with a running lease; overdue ones in red. */
export function LicenceChecksTable({ rows, ns }: { rows: LicenceCheckRow[]; ns: 'employer' | 'provider' }) {
  const { t } = useTranslation(ns);
  const reasonText = useLicenceReason();
  if (rows.length === 0) return <Text c="dimmed">{t('licenceChecks.empty')}</Text>;
  return (
    <Table data-testid="licence-checks">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('licenceChecks.name')}</Table.Th>
          <Table.Th>{t('licenceChecks.order')}</Table.Th>
          <Table.Th>{t('licenceChecks.lastCheckedOn')}</Table.Th>
          <Table.Th>{t('licenceChecks.dueOn')}</Table.Th>
          <Table.Th>{t('licenceChecks.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.userId} data-status={row.status}>
            <Table.Th scope="row">{row.name}</Table.Th>
            <Table.Td>{row.orderId}</Table.Td>
            <Table.Td>{formatDate(row.lastCheckedOn)}</Table.Td>
            <Table.Td>
              <Text
                size="sm"
                c={row.status === 'OVERDUE' ? 'red' : undefined}
                fw={row.status === 'OVERDUE' ? 700 : undefined}
              >
                {formatDate(row.dueOn)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={COLORS[row.status]} variant="light">
                {t(`licenceChecks.statuses.${row.status}`)}
              </Badge>
              {row.lastFailureReason ? (
                <Text size="xs" c="dimmed">
                  {t('licenceChecks.failed', { reason: reasonText(row.lastFailureReason) })}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
