import { Stack, Text, Title } from '@mantine/core';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { TaxResult } from '@leasing/contract';

import { formatAmount, formatPrice } from '../../../lib/format';
import { moneyFlow } from '../payslip-comparison';
import classes from './money-flow-chart.module.css';

const COLORS = {
  takeHome: 'var(--mantine-color-ev-8)',
  netCost: 'var(--mantine-color-ev-8)',
  taxSaved: 'var(--mantine-color-blue-6)',
  socialSaved: 'var(--mantine-color-orange-6)',
  subsidy: 'var(--mantine-color-grape-6)',
} as const;

const share = (value: number, total: number) => (total > 0 ? Math.max(0, Math.min(1, value / total)) * 100 : 0);

/** One horizontal bar, `percent` of the track filled. */
function Bar({ percent, color }: { percent: number; color: string }) {
  return (
    <svg className={classes.bar} aria-hidden="true" focusable="false" preserveAspectRatio="none">
      <rect x="0" y="0" height="100%" width={`${String(percent)}%`} rx="4" fill={color} />
    </svg>
  );
}

/**
 * Where the money goes (spec 2.4): take-home pay before and after, and how the gross rate splits into
 * what the employee pays from net pay, the wage tax and the social insurance saved. Plain SVG bars; every
 * figure is also in the text next to it, and the caption sums it up in one sentence.
 */
export function MoneyFlowChart({ tax }: { tax: TaxResult }) {
  const { t } = useTranslation('catalog');
  const titleId = useId();
  const flow = moneyFlow(tax);
  const parts = [
    { key: 'netCost', label: t('chart.netRate'), value: flow.netCost, color: COLORS.netCost },
    { key: 'taxSaved', label: t('chart.taxSaved'), value: flow.taxSaved, color: COLORS.taxSaved },
    { key: 'socialSaved', label: t('chart.socialSaved'), value: flow.socialSaved, color: COLORS.socialSaved },
    // The employer's subsidy is part of the gross rate the employee does not convert.
    ...(flow.employerSubsidy > 0
      ? [{ key: 'subsidy', label: t('chart.subsidy'), value: flow.employerSubsidy, color: COLORS.subsidy }]
      : []),
  ];
  const partsTotal = Math.max(
    flow.grossRate,
    parts.reduce((sum, p) => sum + Math.max(0, p.value), 0),
  );
  let offset = 0;
  const segments = parts.map((part) => {
    const width = share(part.value, partsTotal);
    const segment = { ...part, x: offset, width };
    offset += width;
    return segment;
  });
  const maxTakeHome = Math.max(flow.takeHomeBefore, flow.takeHomeAfter);

  return (
    <figure className={classes.figure} aria-labelledby={titleId} data-testid="money-flow">
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {t('chart.title')}
        </Title>
        <Stack gap={6}>
          <div className={classes.row}>
            <span>{t('chart.takeHomeBefore')}</span>
            <Bar percent={share(flow.takeHomeBefore, maxTakeHome)} color={COLORS.takeHome} />
            <span className={classes.amount}>{formatAmount(flow.takeHomeBefore)}</span>
          </div>
          <div className={classes.row}>
            <span>{t('chart.takeHomeAfter')}</span>
            <Bar percent={share(flow.takeHomeAfter, maxTakeHome)} color={COLORS.takeHome} />
            <span className={classes.amount}>{formatAmount(flow.takeHomeAfter)}</span>
          </div>
        </Stack>

        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('chart.grossRate', { amount: formatAmount(flow.grossRate) })}
          </Text>
          <svg className={classes.bar} aria-hidden="true" focusable="false" preserveAspectRatio="none">
            {segments.map((segment) => (
              <rect
                key={segment.key}
                x={`${String(segment.x)}%`}
                y="0"
                height="100%"
                width={`${String(segment.width)}%`}
                fill={segment.color}
                stroke="var(--mantine-color-body)"
                strokeWidth="1"
              />
            ))}
          </svg>
          <dl className={classes.legend}>
            {parts.map((part) => (
              <Fragment key={part.key}>
                <dt>
                  <span className={classes.swatch} style={{ background: part.color }} /> {part.label}
                </dt>
                <dd className={classes.amount}>{formatAmount(part.value)}</dd>
              </Fragment>
            ))}
          </dl>
        </Stack>

        <Text size="sm">{t('chart.benefitTaxed', { amount: formatAmount(flow.benefitTaxed) })}</Text>
        <Text component="figcaption" size="xs" c="dimmed">
          {t('chart.summary', {
            before: formatPrice(flow.takeHomeBefore),
            after: formatPrice(flow.takeHomeAfter),
            gross: formatPrice(flow.grossRate),
            net: formatPrice(flow.netCost),
            tax: formatPrice(flow.taxSaved),
            social: formatPrice(flow.socialSaved),
          })}
        </Text>
      </Stack>
    </figure>
  );
}
