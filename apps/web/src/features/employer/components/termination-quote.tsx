import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useTerminationQuote } from '../api/get-termination-quote';
import { useEmployerFormat } from '../use-employer-format';

/** The termination quote of one running lease for a leaving date, as the leaving dialog shows it. */
export function TerminationQuoteView({ orderId, vehicle, date }: { orderId: number; vehicle: string; date: string }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const quote = useTerminationQuote(orderId, date, /^\d{4}-\d{2}-\d{2}$/.test(date));
  if (quote.isError) return null;
  if (!quote.data)
    return (
      <Text size="sm" c="dimmed">
        {t('quote.loading')}
      </Text>
    );
  const q = quote.data;
  return (
    <Alert color="blue" variant="light" title={t('quote.title', { vehicle })} data-testid={`quote-${String(orderId)}`}>
      <Stack gap={6}>
        <Text size="sm">
          {t('quote.remaining', {
            months: q.remainingMonths,
            rates: format.amount(q.remainingRatesEur),
          })}
        </Text>
        <List size="sm" spacing={4}>
          {q.options.map((option) => (
            <List.Item key={option.kind}>
              <Text size="sm" span fw={600}>
                {t(`quote.options.${option.kind}`)}:
              </Text>{' '}
              {option.description}
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {q.rule}
        </Text>
      </Stack>
    </Alert>
  );
}
