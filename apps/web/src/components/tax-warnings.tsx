import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TaxResultWarning } from '@leasing/contract';

import { formatAmount } from '../lib/format';

/**
 * The legal limits a salary conversion takes the employee below (statutory health insurance may become
 * compulsory, Midijob range, minimum wage), and figures computed with an earlier year's rules
 * (`PROVISIONAL_YEAR`, ADR 0035), worded from the machine-readable codes of the tax result so the texts
 * follow the language; the amounts and years come from the server. Renders nothing without warnings.
 * Shown on the vehicle page and in the order summary.
 */
export function TaxWarnings({ warnings }: { warnings: readonly TaxResultWarning[] | undefined }) {
  const { t } = useTranslation();
  if (!warnings || warnings.length === 0) return null;
  const texts = warnings.map((w) => ({
    code: w.code,
    text:
      w.code === 'PROVISIONAL_YEAR'
        ? t('taxWarnings.PROVISIONAL_YEAR', { year: w.year, basedOnYear: w.basedOnYear })
        : t(`taxWarnings.${w.code}`, {
            wage: formatAmount(w.wage),
            limit: formatAmount(w.limit),
            shortfall: formatAmount(w.shortfall),
          }),
  }));
  return (
    <Alert variant="light" color="orange" title={t('taxWarnings.title')} data-testid="tax-warnings">
      {texts.length === 1 ? (
        <Text size="sm" data-warning={texts[0]?.code}>
          {texts[0]?.text}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {texts.map((w) => (
            <List.Item key={w.code} data-warning={w.code}>
              {w.text}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
