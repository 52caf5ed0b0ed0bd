import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { PolicyRefusal } from '@leasing/contract';

import { formatAmount } from '../../../lib/format';

/** One refusal of the employer's programme in plain words, from its machine-readable code and amounts. */
function useRefusalText() {
  const { t } = useTranslation('catalog');
  return (reason: PolicyRefusal): string => {
    switch (reason.code) {
      case 'BELOW_MINIMUM_GROSS':
        return t('order.policy.BELOW_MINIMUM_GROSS', {
          grossAfter: formatAmount(reason.grossAfterEur),
          minimum: formatAmount(reason.minimumGrossEur),
          shortfall: formatAmount(reason.shortfallEur),
        });
      case 'ABOVE_RATE_CAP':
        return t('order.policy.ABOVE_RATE_CAP', {
          grossRate: formatAmount(reason.grossRateEur),
          maximum: formatAmount(reason.maxMonthlyGrossRateEur),
        });
      case 'ABOVE_LIST_PRICE_CAP':
        return t('order.policy.ABOVE_LIST_PRICE_CAP', {
          listPrice: formatAmount(reason.listPriceEur),
          maximum: formatAmount(reason.maxListPriceEur),
        });
      case 'BRAND_NOT_OFFERED':
        return t('order.policy.BRAND_NOT_OFFERED', { brand: reason.brand });
    }
  };
}

/**
 * Why the employer's programme refuses the selected package (affordability check), shown next to the
 * disabled order button before the employee tries. The verdict comes with the package's tax result,
 * from the same check the order makes. Renders nothing without reasons.
 */
export function PolicyRefusalAlert({ id, reasons }: { id?: string; reasons: readonly PolicyRefusal[] }) {
  const { t } = useTranslation('catalog');
  const text = useRefusalText();
  if (reasons.length === 0) return null;
  return (
    <Alert id={id} variant="light" color="red" title={t('order.policy.title')} data-testid="policy-refusal">
      {reasons.length === 1 && reasons[0] ? (
        <Text size="sm" data-refusal={reasons[0].code}>
          {text(reasons[0])}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {reasons.map((reason) => (
            <List.Item key={reason.code} data-refusal={reason.code}>
              {text(reason)}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
