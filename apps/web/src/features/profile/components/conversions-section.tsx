import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { MAX_SALARY_CONVERSIONS, SalaryConversionTypeSchema } from '@leasing/contract';

import { CONVERSION_FIELDS, emptyConversion } from '../profile-form';
import { useProfileForm, useProfileValue } from '../profile-form-context';
import { NumberField, SelectField } from './fields';

const LIST = 'salaryInfo.salaryConversions';

function ConversionItem({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('profile');
  const type = useProfileValue(`${LIST}.${index}.conversationType`);
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
            name={`${LIST}.${index}.conversationType`}
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
              name={`${LIST}.${index}.${field}`}
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

/**
 * Salary conversions the employee already has (spec 3, 5): add, edit in place, remove. Items are keyed by
 * position: every field reads its values by its path, so a removal simply shifts the later items up.
 */
export function ConversionsSection() {
  const { t } = useTranslation('profile');
  const form = useProfileForm();
  const list = useProfileValue(LIST) ?? [];
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNew = useRef<number | null>(null);
  const full = list.length >= MAX_SALARY_CONVERSIONS;

  // A new item takes the focus on its first field, so keyboard users continue where they are.
  useEffect(() => {
    if (focusNew.current === null || focusNew.current >= list.length) return;
    document.querySelector<HTMLElement>(`[name="${LIST}.${String(focusNew.current)}.conversationType"]`)?.focus();
    focusNew.current = null;
  }, [list.length]);

  const replace = (next: typeof list) => {
    // Errors are keyed by position; after a change they are recomputed on the next validation.
    form.clearErrors(LIST);
    form.setValue(LIST, next, { shouldDirty: true });
  };

  return (
    <Fieldset legend={t('sections.conversions')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('conversions.intro')}
        </Text>
        {list.length === 0 ? <Text size="sm">{t('conversions.empty')}</Text> : null}
        {list.map((_item, index) => (
          <ConversionItem
            key={index}
            index={index}
            onRemove={() => {
              replace(list.filter((_other, at) => at !== index));
              addRef.current?.focus();
            }}
          />
        ))}
        <Group>
          <Button
            ref={addRef}
            variant="light"
            disabled={full}
            onClick={() => {
              focusNew.current = list.length;
              replace([...list, emptyConversion()]);
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
