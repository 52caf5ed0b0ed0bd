import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { MAX_SALARY_CONVERSIONS, SalaryConversionTypeSchema } from '@leasing/contract';

import { CONVERSION_FIELDS, emptyConversion, type ProfileFormValues } from '../profile-form';
import { NumberField, SelectField } from './fields';

function ConversionItem({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('profile');
  const { control } = useFormContext<ProfileFormValues>();
  const type = useWatch({ control, name: `salaryInfo.salaryConversions.${index}.conversationType` });
  const number = index + 1;
  const headingId = `conversion-${String(number)}-heading`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" id={headingId}>
            {t('conversions.item', { number })}
          </Title>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onRemove}
            aria-label={t('conversions.remove', { number })}
          >
            {t('conversions.removeShort')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            name={`salaryInfo.salaryConversions.${index}.conversationType`}
            label={t('conversions.fields.conversationType.label')}
            required
            emptyLabel={t('notSelected')}
            options={SalaryConversionTypeSchema.options.map((value) => ({
              value,
              label: t(`conversions.types.${value}`),
            }))}
          />
          {(type ? CONVERSION_FIELDS[type] : []).map((field) => (
            <NumberField
              key={field}
              name={`salaryInfo.salaryConversions.${index}.${field}`}
              label={t(`conversions.fields.${field}.label`)}
              description={t(`conversions.fields.${field}.description`)}
              required
              suffix=" €"
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Salary conversions the employee already has (spec 3, 5): add, edit in place, remove. */
export function ConversionsSection() {
  const { t } = useTranslation('profile');
  const { control } = useFormContext<ProfileFormValues>();
  // `keyName` keeps React's keys apart from the conversions' own `id`.
  const { fields, append, remove } = useFieldArray({ control, name: 'salaryInfo.salaryConversions', keyName: 'key' });
  const full = fields.length >= MAX_SALARY_CONVERSIONS;
  return (
    <Fieldset legend={t('sections.conversions')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('conversions.intro')}
        </Text>
        {fields.length === 0 ? <Text size="sm">{t('conversions.empty')}</Text> : null}
        {fields.map((item, index) => (
          <ConversionItem
            key={item.key}
            index={index}
            onRemove={() => {
              remove(index);
            }}
          />
        ))}
        <Group>
          <Button
            variant="light"
            disabled={full}
            onClick={() => {
              append(emptyConversion());
            }}
          >
            {t('conversions.add')}
          </Button>
          {full ? (
            <Text size="sm" c="dimmed">
              {t('conversions.limit', { max: MAX_SALARY_CONVERSIONS })}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Fieldset>
  );
}
