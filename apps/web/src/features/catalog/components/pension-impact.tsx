import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TaxResult } from '@leasing/contract';

import { formatAmount, numberFormat } from '../../../lib/format';

/** The lower contribution base costs pension points; the payroll engine's notes name other benefits hit. */
export function PensionImpact({ impact }: { impact: NonNullable<TaxResult['pensionImpact']> }) {
  const { t } = useTranslation('catalog');
  return (
    <Stack gap="xs" data-testid="pension-impact">
      <Title order={3} size="h4">
        {t('pension.title')}
      </Title>
      <Text size="sm">
        {t('pension.text', {
          points: numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
            impact.entgeltpunkteLossPerYear,
          ),
          amount: formatAmount(impact.monthlyPensionLossPerYear),
        })}
      </Text>
      {impact.notes.length > 0 ? (
        <List size="sm" spacing={4}>
          {impact.notes.map((note) => (
            <List.Item key={note}>{note}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
