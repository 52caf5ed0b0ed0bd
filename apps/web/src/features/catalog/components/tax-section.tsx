import { Alert, Anchor, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { LeasePackage } from '@leasing/contract';

import { TaxWarnings } from '../../../components/tax-warnings';
import { dateTimeFormat } from '../../../lib/format';
import { isApiError } from '../../../lib/api-client';
import { useSlicedFirstBuild } from '../../../lib/use-sliced-first-build';
import { useTaxResult } from '../api/get-tax-result';
import { MoneyFlowChart } from './money-flow-chart';
import { PayslipComparisonTable } from './payslip-comparison-table';
import { PensionImpact } from './pension-impact';
import { TaxSkeleton } from './vehicle-skeleton';
import classes from './vehicle-page.module.css';

/** Collapsed height of the tax table (spec 2.4). */
export const TAX_TABLE_COLLAPSED_HEIGHT = 200;

const formatMonth = (isoDate: string) => {
  const date = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? isoDate
    : dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(date);
};

function SalaryHint() {
  const { t } = useTranslation('catalog');
  return (
    <Alert variant="light" color="blue" data-testid="tax-needs-salary">
      <Text size="sm">
        {t('tax.needsSalary')}{' '}
        <Anchor component={Link} to="/profile/salary" size="sm" fw={600}>
          {t('tax.toSalary')}
        </Anchor>
      </Text>
    </Alert>
  );
}

/**
 * Tax comparison, money-flow chart and pension note for the selected package, loaded again whenever the
 * package changes (spec 4.3). Without salary data there is no net rate and no table, only the hint.
 */
export function TaxSection({ leasePackage }: { leasePackage: LeasePackage }) {
  const { t } = useTranslation('catalog');
  const hasNetRate = leasePackage.userPrice !== null;
  const tax = useTaxResult(leasePackage.id, hasNetRate);
  // The payslip table and the chart come after the page itself: built in slices too.
  const result = useSlicedFirstBuild(tax.data);
  const profileIncomplete = isApiError(tax.error) && tax.error.code === 'PROFILE_INCOMPLETE';

  let content;
  if (!hasNetRate || profileIncomplete) {
    content = <SalaryHint />;
  } else if (result) {
    const updating = tax.isPlaceholderData;
    content = (
      <Stack gap="xl" aria-busy={updating} className={updating ? classes.updating : undefined}>
        <Text size="sm" c="dimmed">
          {t('tax.intro', { month: formatMonth(result.calculatedFor) })}
        </Text>
        <Text size="xs" c="dimmed" role="status" mih="1lh">
          {updating ? t('tax.updating') : ''}
        </Text>
        <TaxWarnings warnings={result.warnings} />
        <Spoiler maxHeight={TAX_TABLE_COLLAPSED_HEIGHT} showLabel={t('tax.showMore')} hideLabel={t('tax.showLess')}>
          <PayslipComparisonTable tax={result} testIdPrefix="tax" showDifference />
        </Spoiler>
        <MoneyFlowChart tax={result} />
        {result.pensionImpact ? <PensionImpact impact={result.pensionImpact} /> : null}
      </Stack>
    );
  } else if (tax.isError && !tax.data) {
    content = (
      <Alert variant="light" color="red" role="alert">
        {t('tax.loadError')}
      </Alert>
    );
  } else {
    content = <TaxSkeleton />;
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="tax-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="tax-title">
          {t('tax.title')}
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}
