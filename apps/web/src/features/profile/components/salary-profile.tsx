import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import {
  defaultUserInfoConfig,
  type FieldError,
  type UserInfoConfig,
  type UserInfoResponse,
  type UserInfoUpdate,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { useSlicedFirstBuild } from '../../../lib/use-sliced-first-build';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useUserInfo } from '../api/get-user-info';
import { useUserInfoConfig } from '../api/get-user-info-config';
import { useUpdateUserInfo } from '../api/update-user-info';
import { fieldLabel, serverMessage } from '../messages';
import { toFormValues, type ProfileFormValues } from '../profile-form';
import { ProfileFormContext } from '../profile-form-context';
import { useProfileFormState } from '../use-profile-form-state';
import { ConversionsSection } from './conversions-section';
import { EmailBlock } from './email-block';
import { PersonalSection } from './personal-section';
import { SalaryProfileSkeleton } from './salary-profile-skeleton';
import { CommuteSection, HealthSection, SalarySection, SocialSection } from './salary-sections';

const isFormPath = (field: string): field is FieldPath<ProfileFormValues> =>
  field.startsWith('addressDto.') || field.startsWith('salaryInfo.');

function SalaryProfileForm({ info, config }: { info: UserInfoResponse; config: UserInfoConfig }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const update = useUpdateUserInfo();
  // A new answer from the server (after saving) resets the form to what is stored.
  const values = useMemo(() => toFormValues(info, config), [info, config]);
  const { form, submitting, engineElement } = useProfileFormState(values, config);
  const formRef = useRef<HTMLFormElement>(null);
  const toast = { autoClose: TOAST_SHORT_MS };

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const showServerErrors = (errors: readonly FieldError[]) => {
    for (const { field, message } of errors) {
      const text = translateValidationMessage(tc, message) ?? message;
      notify.warning(t('serverError', { field: fieldLabel(t, field), message: text }), toast);
      if (isFormPath(field)) form.setError(field, { type: 'server', message });
    }
    focusFirstError();
  };

  const onSubmit = async (body: UserInfoUpdate): Promise<void> => {
    try {
      const result = await update.mutateAsync(body);
      if (!result.saved || (result.errors?.length ?? 0) > 0) {
        showServerErrors(result.errors ?? []);
        return;
      }
      notify.success(tc('main.saved'), toast);
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) showServerErrors(error.errors);
      else notify.error(t('saveFailed', { message: serverMessage(error, t('genericError')) }), toast);
    }
  };

  return (
    <ProfileFormContext value={form}>
      {engineElement}
      <form
        ref={formRef}
        noValidate
        aria-label={t('title')}
        onSubmit={(event) => {
          void form.handleSubmit(onSubmit, () => {
            notify.warning(t('checkFields'), toast);
            focusFirstError();
          })(event);
        }}
      >
        <Stack gap="xl">
          <PersonalSection />
          <SalarySection />
          <SocialSection />
          <HealthSection />
          <CommuteSection config={config} />
          <ConversionsSection />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileFormContext>
  );
}

/** /profile/salary (spec 2.2, 4.4): e-mail block, then personal and salary data with the conversions. */
export function SalaryProfile() {
  const { t } = useTranslation('profile');
  usePageTitle(t('title'));
  const info = useUserInfo();
  const config = useUserInfoConfig();
  // The config has a fallback, so the form waits for its answer or its failure, not its data.
  const configSettled = !config.isPending;
  const loaded = useMemo(
    () => (info.data && configSettled ? { info: info.data, bounds: config.data ?? defaultUserInfoConfig } : undefined),
    [info.data, configSettled, config.data],
  );
  const shown = useSlicedFirstBuild(loaded);

  let body;
  if (info.isError) {
    body = (
      <Alert color="red" variant="light" title={t('loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{serverMessage(info.error, t('genericError'))}</Text>
          <Button
            variant="default"
            onClick={() => {
              void info.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!shown) {
    body = <SalaryProfileSkeleton />;
  } else {
    // Without the server's bounds the spec's defaults (0 to 31 days) apply (see `loaded`).
    const { info: shownInfo, bounds } = shown;
    body = (
      <>
        {shownInfo.profileComplete ? null : (
          <Alert color="yellow" variant="light">
            {t('incomplete')}
          </Alert>
        )}
        <EmailBlock key={shownInfo.addressDto.email} currentEmail={shownInfo.addressDto.email} />
        <SalaryProfileForm info={shownInfo} config={bounds} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
