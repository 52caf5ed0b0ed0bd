import { describe, expect, it } from 'vitest';

import en from '../../../public/locales/en/account.json';

describe('account translations', () => {
  it('keep the spec messages in English in the en locale', () => {
    expect(en.register.noCode).toBe('No code present');
    expect(en.setPassword.passwordRequired).toBe('Email is required');
    expect(en.setPassword.success).toBe('Success');
    expect(en.setPassword.error).toBe('Error');
    expect(en.emailConfirm.success).toBe('Email confirmed');
    expect(en.emailConfirm.failed).toBe('No');
  });
});
