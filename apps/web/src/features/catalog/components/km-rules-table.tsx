import { Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { LeasePackage } from '@leasing/contract';

import { formatKm, formatKmCost } from '../../../lib/format';
import classes from './vehicle-page.module.css';

/** Kilometre rules of the package (spec 3): EUR per km with up to 4 decimals, km with separators. */
export function KmRulesTable({ leasePackage: p }: { leasePackage: LeasePackage }) {
  const { t } = useTranslation('catalog');
  const rows = [
    [t('kmRules.costsMore'), formatKmCost(p.costsMoreKilometers)],
    [t('kmRules.reimbursementLess'), formatKmCost(p.reimbursementLessKilometers)],
    [t('kmRules.excessAllowance'), formatKm(p.excessMileageAllowance)],
    [t('kmRules.exemptionLess'), formatKm(p.exemptionLimitLessKilometers)],
    [t('kmRules.capFewer'), formatKm(p.capFewerKilometers)],
    [t('kmRules.capExtra'), formatKm(p.capExtraKilometers)],
  ] as const;
  return (
    <Stack gap="sm" component="section" aria-labelledby="km-rules-title">
      <Title order={2} size="h3" id="km-rules-title">
        {t('kmRules.title')}
      </Title>
      <Table striped verticalSpacing={6} data-testid="km-rules">
        <Table.Caption>{t('kmRules.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('kmRules.rule')}</Table.Th>
            <Table.Th scope="col" className={classes.num}>
              {t('kmRules.value')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td className={classes.num}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
