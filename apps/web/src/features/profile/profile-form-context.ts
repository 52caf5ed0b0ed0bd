import { createContext, use, useCallback, useSyncExternalStore } from 'react';
import type { FieldPath, FieldPathValue, UseFormReturn } from 'react-hook-form';

import type { UserInfoUpdate } from '@leasing/contract';

import type { ProfileFormValues } from './profile-form';

/**
 * What the profile form and its fields use of `useForm`'s result: react-hook-form itself or, until it
 * has loaded, the stand-in of form-stand-in.ts.
 */
export type ProfileForm = Pick<
  UseFormReturn<ProfileFormValues, unknown, UserInfoUpdate>,
  'subscribe' | 'getValues' | 'getFieldState' | 'setValue' | 'setError' | 'clearErrors' | 'handleSubmit' | 'formState'
>;
export type ProfileFieldName = FieldPath<ProfileFormValues>;

/**
 * The profile form's `useForm` result for the fields below it. The fields use only `useForm`'s own
 * methods (`subscribe`, `getValues`, `setValue`, `getFieldState`): react-hook-form is one module that the
 * sign-in screen loads too, so its `useController`/`useFieldArray`/`FormProvider` exports would land in
 * /login's first load, and the stand-in would have to imitate them (see docs/decisions).
 */
export const ProfileFormContext = createContext<ProfileForm | null>(null);

export function useProfileForm(): ProfileForm {
  const form = use(ProfileFormContext);
  if (!form) throw new Error('useProfileForm outside ProfileFormContext');
  return form;
}

/** The current value of `name`; re-renders only when it changes. */
export function useProfileValue<N extends ProfileFieldName>(name: N): FieldPathValue<ProfileFormValues, N> {
  const form = useProfileForm();
  const subscribe = useCallback(
    (notify: () => void) => form.subscribe({ name, formState: { values: true }, callback: notify }),
    [form, name],
  );
  return useSyncExternalStore(subscribe, () => form.getValues(name));
}

/**
 * A controlled field in react-hook-form's `onTouched` manner: validated first on blur, then on every
 * change once touched, invalid or submitted.
 */
export function useProfileField<N extends ProfileFieldName>(name: N) {
  const form = useProfileForm();
  const value = useProfileValue(name);
  const subscribeErrors = useCallback(
    (notify: () => void) => form.subscribe({ name, formState: { errors: true }, callback: notify }),
    [form, name],
  );
  const error = useSyncExternalStore(subscribeErrors, () => form.getFieldState(name).error?.message);

  const onChange = (next: FieldPathValue<ProfileFormValues, N>) => {
    const state = form.getFieldState(name);
    form.setValue(name, next, {
      shouldDirty: true,
      shouldValidate: state.isTouched || state.invalid || form.formState.isSubmitted,
    });
  };
  const onBlur = () => {
    form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: true });
  };
  return { name, value, error, onChange, onBlur };
}
