import { Alert, Card, Group, List, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { TerminationOption } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { isApiError } from '../../../lib/api-client';
import { formatAmount, formatDate } from '../../../lib/format';
import { useOwnTerminationQuote, type OwnTerminationReason } from '../api/get-termination-quote';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const REASONS: OwnTerminationReason[] = ['LEAVING', 'EARLY_RETURN'];

/**
 * "What would ending it on a date cost?" (ADR 0063): the employee picks a day and why (leaving the
 * employer, or giving the car back early) and sees the termination quote the contract's rule gives, as
 * HR sees it in the leaving dialog. Only an estimate: nothing is ended here.
 */
export function TerminationEstimate({ orderId, handoverDate }: { orderId: number; handoverDate: string }) {
  const { t } = useTranslation('orders');
  const titleId = useId();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState<OwnTerminationReason>('LEAVING');
  const early = ISO_DAY.test(date) && date < handoverDate;
  const quote = useOwnTerminationQuote(orderId, ISO_DAY.test(date) && !early ? date : null, reason);
  const q = quote.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-testid="termination-estimate">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {t('myCar.quote.title')}
        </Title>
        <Text size="sm">{t('myCar.quote.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DayField
            label={t('myCar.quote.date')}
            description={t('myCar.quote.dateHint', { date: formatDate(handoverDate) })}
            value={date}
            onChange={setDate}
            min={handoverDate}
            error={early ? t('myCar.quote.beforeHandover', { date: formatDate(handoverDate) }) : undefined}
            data-testid="termination-date"
          />
          <Radio.Group
            label={t('myCar.quote.reason')}
            value={reason}
            onChange={(value) => setReason(value === 'EARLY_RETURN' ? 'EARLY_RETURN' : 'LEAVING')}
          >
            <Stack gap={6} mt={6}>
              {REASONS.map((value) => (
                <Radio key={value} value={value} label={t(`myCar.quote.reasons.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
        </SimpleGrid>
        <div aria-live="polite">
          {quote.isError && !q ? (
            <Alert color="red" variant="light" data-testid="termination-error">
              {isApiError(quote.error) && quote.error.status === 400 ? quote.error.message : t('myCar.quote.error')}
            </Alert>
          ) : null}
          {q ? (
            <Alert
              color="blue"
              variant="light"
              title={t('myCar.quote.resultTitle', { date: formatDate(q.date) })}
              data-testid="termination-quote"
            >
              <Stack gap={6}>
                <Text size="sm">
                  {t('myCar.quote.remaining', {
                    count: q.remainingMonths,
                    rates: formatAmount(q.remainingRatesEur),
                  })}
                </Text>
                <List size="sm" spacing={4}>
                  {q.options.map((option) => (
                    <List.Item key={option.kind}>
                      <OptionLine option={option} />
                    </List.Item>
                  ))}
                </List>
                <Text size="xs" c="dimmed">
                  {t('myCar.quote.rule', { rule: q.rule })}
                </Text>
              </Stack>
            </Alert>
          ) : null}
        </div>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('myCar.quote.note')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

function OptionLine({ option }: { option: TerminationOption }) {
  const { t } = useTranslation('orders');
  const label = t(`myCar.quote.options.${option.kind}`);
  const amount =
    option.kind === 'RETURN'
      ? t('myCar.quote.oneOff', { amount: formatAmount(option.oneOffEur) })
      : t('myCar.quote.monthly', { amount: formatAmount(option.monthlyEur) });
  return (
    <Text size="sm" span>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {amount}
    </Text>
  );
}
