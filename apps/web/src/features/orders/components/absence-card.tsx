import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { formatDate } from '../../../lib/format';
import { useAbsences } from '../api/get-absences';

/**
 * On a running lease: the absences without pay the employer recorded (Krankengeld, parental leave,
 * unpaid leave) and who carries the rate meanwhile. Nothing when there are none.
 */
export function AbsenceCard({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const absences = useAbsences(orderId, true);
  const list = absences.data ?? [];
  if (list.length === 0) return null;
  const date = (value: string) => formatDate(value);
  return (
    <Card withBorder padding="md" data-testid="absence-card">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('absences.title')}
        </Title>
        {list.map((absence) => (
          <Stack key={absence.id} gap={2}>
            <Text fw={600}>
              {t(`absences.types.${absence.type}`)}:{' '}
              {absence.to
                ? t('absences.period', { from: date(absence.from), to: date(absence.to) })
                : t('absences.openEnd', { from: date(absence.from) })}
            </Text>
            <Text size="sm">{t(`absences.payers.${absence.payer}`)}</Text>
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          {t('absences.note')}
        </Text>
      </Stack>
    </Card>
  );
}
