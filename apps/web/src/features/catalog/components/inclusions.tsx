import { Group, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { LeasePackage } from '@leasing/contract';

import { CheckIcon } from '../../../components/icons';

function CrossIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden="true"
    >
      <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
    </svg>
  );
}

const ITEMS = [
  ['maintenanceAndServicingIncluded', 'inclusions.maintenance'],
  ['vehicleInsuranceIncluded', 'inclusions.insurance'],
  ['tirePackageIncluded', 'inclusions.tirePackage'],
  ['tireChangeIncluded', 'inclusions.tireChange'],
  ['rateInsuranceIncluded', 'inclusions.rateInsurance'],
] as const;

/** What the all-inclusive rate covers (spec 2.4), from the package's five flags. */
export function Inclusions({ leasePackage }: { leasePackage: LeasePackage }) {
  const { t } = useTranslation('catalog');
  return (
    <Stack gap="sm" component="section" aria-labelledby="inclusions-title">
      <Title order={2} size="h3" id="inclusions-title">
        {t('inclusions.title')}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="inclusions">
        {ITEMS.map(([flag, label]) => {
          const included = leasePackage[flag];
          return (
            <Group component="li" key={flag} gap="sm" wrap="nowrap">
              <ThemeIcon size={24} radius="xl" variant="light" color={included ? 'ev' : 'gray'}>
                {included ? <CheckIcon size={14} /> : <CrossIcon />}
              </ThemeIcon>
              <Text size="sm" td={included ? undefined : 'line-through'}>
                {t(label)}
                <VisuallyHidden>: {included ? t('inclusions.included') : t('inclusions.notIncluded')}</VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
