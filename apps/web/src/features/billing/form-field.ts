import { useCallback, useSyncExternalStore } from 'react';
import type { FieldPath, FieldPathValue, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A form's value and error of `name`, re-rendering only when they change. On `useForm`'s own
 * `subscribe`, not `watch`/`useWatch`/`Controller`: react-hook-form is one module that /login loads too,
 * and those exports would land in its first load (as in the policy and profile forms).
 */
export function useFormValue<T extends FieldValues, O, N extends FieldPath<T>>(
  form: UseFormReturn<T, unknown, O>,
  name: N,
): FieldPathValue<T, N> {
  const subscribe = useCallback(
    (notify: () => void) => form.subscribe({ name, formState: { values: true }, callback: notify }),
    [form, name],
  );
  return useSyncExternalStore(subscribe, () => form.getValues(name));
}

/** A controlled field (a select, a checkbox) in react-hook-form's `onTouched` manner. */
export function useControlledField<T extends FieldValues, O, N extends FieldPath<T>>(
  form: UseFormReturn<T, unknown, O>,
  name: N,
) {
  const value = useFormValue(form, name);
  const subscribeErrors = useCallback(
    (notify: () => void) => form.subscribe({ name, formState: { errors: true }, callback: notify }),
    [form, name],
  );
  const error = useSyncExternalStore(subscribeErrors, () => form.getFieldState(name).error?.message);
  return {
    value,
    /** The field's message as the schema or the server gave it (translate it for display). */
    error,
    onChange: (next: FieldPathValue<T, N>) => {
      const state = form.getFieldState(name);
      form.setValue(name, next, {
        shouldDirty: true,
        shouldValidate: state.isTouched || state.invalid || form.formState.isSubmitted,
      });
    },
    onBlur: () => {
      form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: true });
    },
  };
}
