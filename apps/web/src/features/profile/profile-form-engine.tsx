import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';

import type { UserInfoConfig, UserInfoUpdate } from '@leasing/contract';

import type { ProfileFormValues } from './profile-form';
import type { ProfileForm } from './profile-form-context';
import { createProfileResolver } from './profile-resolver';

export interface ProfileFormEngineProps {
  values: ProfileFormValues;
  config: UserInfoConfig;
  /** The real form, once its values are set: the stand-in hands over to it (form-stand-in.ts). */
  onReady: (form: ProfileForm) => void;
  onSubmitting: (submitting: boolean) => void;
}

/**
 * react-hook-form behind the salary form, loaded once the page is used. Renders nothing: the fields
 * read the form from ProfileFormContext. A new `values` (the stored profile after saving) resets it.
 */
export function ProfileFormEngine({ values, config, onReady, onSubmitting }: ProfileFormEngineProps) {
  const resolver = useMemo(() => createProfileResolver(config), [config]);
  // The fields are controlled through ProfileFormContext, so the focus on the first error is ours.
  const form = useForm<ProfileFormValues, unknown, UserInfoUpdate>({
    resolver,
    values,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  // Reading it subscribes this component, which keeps `form.formState` (read by the fields) current.
  const { isSubmitting } = form.formState;

  // Declared after useForm, so it runs after useForm's effect that sets `values`.
  useEffect(() => {
    onReady(form);
  }, [form, onReady]);
  useEffect(() => {
    onSubmitting(isSubmitting);
  }, [isSubmitting, onSubmitting]);
  return null;
}
