import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import { UserInfoResponseSchema, defaultUserInfoConfig, type UserInfoUpdate } from '@leasing/contract';
import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';

import { createFormStandIn } from './form-stand-in';
import { toFormValues, type ProfileFormValues } from './profile-form';
import { createProfileResolver } from './profile-resolver';

const stored = UserInfoResponseSchema.parse({
  addressDto: { ...buildAddress(), email: 'max.mustermann@example.com' },
  salaryInfo: buildSalaryInfo(),
  profileComplete: true,
});
const values = () => toFormValues(stored, defaultUserInfoConfig);

function realForm(initial: ProfileFormValues) {
  return renderHook(() =>
    useForm<ProfileFormValues, unknown, UserInfoUpdate>({
      resolver: createProfileResolver(defaultUserInfoConfig),
      values: initial,
      mode: 'onTouched',
      shouldFocusError: false,
    }),
  ).result;
}

describe('createFormStandIn', () => {
  it('answers the values and tells subscribers about a change, without touching the initial values', () => {
    const initial = values();
    const { form } = createFormStandIn(initial);
    const callback = vi.fn();
    const unsubscribe = form.subscribe({ name: 'addressDto.place', formState: { values: true }, callback });

    form.setValue('addressDto.place', 'Bonn', { shouldDirty: true });
    expect(form.getValues('addressDto.place')).toBe('Bonn');
    expect(form.getFieldState('addressDto.place')).toMatchObject({ isDirty: true, isTouched: false, invalid: false });
    expect(callback).toHaveBeenCalledTimes(1);
    expect(initial.addressDto.place).toBe(stored.addressDto.place);

    unsubscribe();
    form.setValue('addressDto.place', 'Köln');
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('hands what was typed, touched and submitted over to react-hook-form, in order', async () => {
    const initial = values();
    const standIn = createFormStandIn(initial);
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    standIn.form.setValue('addressDto.place', '', { shouldDirty: true });
    standIn.form.setValue('addressDto.place', '', { shouldTouch: true, shouldValidate: true });
    await standIn.form.handleSubmit(onValid, onInvalid)();
    expect(onInvalid).not.toHaveBeenCalled();

    const real = realForm(initial);
    await act(async () => {
      standIn.handOver(real.current);
      await vi.waitFor(() => {
        expect(onInvalid).toHaveBeenCalledTimes(1);
      });
    });
    expect(onValid).not.toHaveBeenCalled();
    expect(real.current.getValues('addressDto.place')).toBe('');
    expect(real.current.getFieldState('addressDto.place')).toMatchObject({ isTouched: true, isDirty: true });
    expect(real.current.getFieldState('addressDto.place').error?.message).toBe('required');
  });

  it('sends later steps straight to react-hook-form', async () => {
    const initial = values();
    const standIn = createFormStandIn(initial);
    const real = realForm(initial);
    standIn.handOver(real.current);

    const onValid = vi.fn();
    await act(async () => {
      standIn.form.setValue('addressDto.place', 'Bonn', { shouldDirty: true });
      await standIn.form.handleSubmit(onValid)();
      await vi.waitFor(() => {
        expect(onValid).toHaveBeenCalledTimes(1);
      });
    });
    expect(real.current.getValues('addressDto.place')).toBe('Bonn');
    expect((onValid.mock.calls[0]?.[0] as UserInfoUpdate).addressDto.place).toBe('Bonn');
  });
});
