import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/account.json';
import en from '../../../public/locales/en/account.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('account translations', () => {
  it('keep the English file in step with the German one, without empty texts', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en]).match(/":\s*""/g) ?? []).toEqual([]);
  });

  it('keep the spec messages in English in the en locale', () => {
    expect(en.register.noCode).toBe('No code present');
    expect(en.setPassword.passwordRequired).toBe('Email is required');
    expect(en.setPassword.success).toBe('Success');
    expect(en.setPassword.error).toBe('Error');
    expect(en.emailConfirm.success).toBe('Email confirmed');
    expect(en.emailConfirm.failed).toBe('No');
  });
});
