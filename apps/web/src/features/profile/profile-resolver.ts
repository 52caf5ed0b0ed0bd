import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod/mini';

import { createUserInfoUpdateSchema, type UserInfoConfig, type UserInfoUpdate } from '@leasing/contract';

import { valueAt, withoutHiddenFields, type ProfileFormValues } from './profile-form';

type UpdateInput = z.input<ReturnType<typeof createUserInfoUpdateSchema>>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const isFieldError = (node: unknown): node is FieldError =>
  typeof node === 'object' && node !== null && 'type' in node && typeof (node as FieldError).type === 'string';

/**
 * An empty field reads "Pflichtfeld" rather than "invalid date" or zod's English enum message; the
 * spec's own required texts ('Type is required', ...) stay as they are.
 */
function requiredWhenEmpty(errors: unknown, values: unknown, path: string[] = []): void {
  if (typeof errors !== 'object' || errors === null) return;
  if (isFieldError(errors)) {
    if (isEmpty(valueAt(values, path)) && !/required/i.test(errors.message ?? '')) errors.message = 'required';
    return;
  }
  for (const [key, child] of Object.entries(errors)) {
    if (key !== 'ref' && key !== 'root') requiredWhenEmpty(child, values, [...path, key]);
  }
}

/**
 * The contract's `createUserInfoUpdateSchema(config)` as the form resolver, applied to the visible
 * values. The schema's input type has no room for the empty numbers the form holds, hence the casts at
 * this one boundary; the schema itself rejects them.
 */
export function createProfileResolver(config: UserInfoConfig): Resolver<ProfileFormValues, unknown, UserInfoUpdate> {
  const validate = zodResolver(createUserInfoUpdateSchema(config));
  return async (values, context, options) => {
    const visible = withoutHiddenFields(values);
    const result = await validate(visible as UpdateInput, context, options as unknown as ResolverOptions<UpdateInput>);
    requiredWhenEmpty(result.errors, visible);
    return result as unknown as
      | { values: UserInfoUpdate; errors: Record<string, never> }
      | { values: Record<string, never>; errors: FieldErrors<ProfileFormValues> };
  };
}
