import { NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import { AbsencePayerRules, AbsenceTypes, type TenantPolicySchema } from '@leasing/contract';

type PolicyInput = z.input<typeof TenantPolicySchema>;

/**
 * The policy's rule per absence without pay (Krankengeld, parental leave, unpaid leave): who carries
 * the rate while no salary is converted. The rate insurance applies only to packages that include it.
 */
export function AbsencePayersFields({ register }: { register: UseFormRegister<PolicyInput> }) {
  const { t } = useTranslation('employer');
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('absences.policyTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('absences.policyHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {AbsenceTypes.map((type) => (
          <NativeSelect
            key={type}
            label={t(`absences.types.${type}`)}
            data={AbsencePayerRules.map((rule) => ({ value: rule, label: t(`absences.payers.${rule}`) }))}
            {...register(`absencePayers.${type}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
