import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TitleSchema, federalStates } from '@leasing/contract';

import { SelectField, TextField } from './fields';

/** addressDto (spec 3): name, address, place of birth, employee id. */
export function PersonalSection() {
  const { t } = useTranslation('profile');
  const stateOptions = federalStates.map((state) => ({ value: state.code, label: state.name }));
  return (
    <Fieldset legend={t('sections.personal')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SelectField
            name="addressDto.title"
            label={t('fields.title.label')}
            emptyLabel={t('noTitle')}
            options={TitleSchema.options.map((value) => ({ value, label: t(`titles.${value}`) }))}
          />
          <TextField
            name="addressDto.firstName"
            label={t('fields.firstName.label')}
            required
            autoComplete="given-name"
          />
          <TextField
            name="addressDto.lastName"
            label={t('fields.lastName.label')}
            required
            autoComplete="family-name"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField name="addressDto.street" label={t('fields.street.label')} required autoComplete="address-line1" />
          <TextField name="addressDto.streetNumber" label={t('fields.streetNumber.label')} required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField
            name="addressDto.postcode"
            label={t('fields.postcode.label')}
            description={t('fields.postcode.description')}
            required
            autoComplete="postal-code"
          />
          <TextField name="addressDto.place" label={t('fields.place.label')} required autoComplete="address-level2" />
          <SelectField
            name="addressDto.state"
            label={t('fields.state.label')}
            description={t('fields.state.description')}
            required
            emptyLabel={t('notSelected')}
            emptyValue=""
            options={stateOptions}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextField name="addressDto.placeOfBirth" label={t('fields.placeOfBirth.label')} required />
          <TextField
            name="addressDto.employeeId"
            label={t('fields.employeeId.label')}
            description={t('fields.employeeId.description')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
