import { describe, expect, it } from 'vitest';

import { LoginRequestSchema, msg } from '@leasing/contract';

import { createTestI18n } from '../test/i18n';
import { translateValidationMessage } from './validation-messages';

const i18n = createTestI18n();
const translate = (message: string | undefined) => translateValidationMessage(i18n.t, message);

describe('translateValidationMessage', () => {
  it('translates the login schema messages to German', () => {
    const result = LoginRequestSchema.safeParse({ username: ' ', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => translate(issue.message));
    expect(messages).toEqual(['Bitte geben Sie Ihren Benutzernamen ein.', 'Bitte geben Sie Ihr Passwort ein.']);
  });

  it('translates the contract keys with their bound in German number format', () => {
    expect(translate(msg.required)).toBe('Pflichtfeld');
    expect(translate(msg.min(1))).toBe('Mindestens 1');
    expect(translate(msg.max(200000))).toBe('Höchstens 200.000');
    expect(translate(msg.max(4.5))).toBe('Höchstens 4,5');
    expect(translate(msg.step(0.5))).toBe('Nur in Schritten von 0,5');
  });

  it('translates the messages quoted by the spec', () => {
    expect(translate('Passwords must match')).toBe('Die Passwörter stimmen nicht überein.');
    expect(translate('Password must be at least 8 characters long')).toBe(
      'Das Passwort muss mindestens 8 Zeichen lang sein.',
    );
    expect(translate('Has to be valid email')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it('never shows an unknown English message', () => {
    expect(translate('Too small: expected string to have >=1 characters')).toBe('Bitte überprüfen Sie Ihre Eingabe.');
    expect(translate(undefined)).toBeUndefined();
    expect(translate('')).toBeUndefined();
  });
});
