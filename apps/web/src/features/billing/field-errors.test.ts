import { describe, expect, it } from 'vitest';

import { createTestI18n } from '../../test/i18n';
import { billingFieldMessage } from './field-errors';

describe('billing field messages', () => {
  const german = createTestI18n('de');
  const english = createTestI18n('en');
  const inGerman = (message: string | undefined) =>
    billingFieldMessage(german.getFixedT('de', 'billing'), german.getFixedT('de'), message);
  const inEnglish = (message: string | undefined) =>
    billingFieldMessage(english.getFixedT('en', 'billing'), english.getFixedT('en'), message);

  it("shows the contract's sentences in the language chosen", () => {
    const iban = 'Die IBAN ist ungültig (Länge oder Prüfziffer).';
    expect(inGerman(iban)).toBe(iban);
    expect(inEnglish(iban)).toBe('The IBAN is invalid (length or check digits).');
    expect(inEnglish('Öffentliche Auftraggeber brauchen eine Leitweg-ID.')).toBe(
      'Public-sector buyers need a Leitweg-ID.',
    );
  });

  it('translates the shared keys and bounds as every form does', () => {
    expect(inGerman('required')).toBe('Pflichtfeld');
    expect(inGerman('max 500')).toBe('Höchstens 500');
    expect(inGerman('Has to be valid email')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(inGerman('invalid')).toBe('Bitte überprüfen Sie Ihre Eingabe.');
  });

  it("shows a sentence of the server's own as it came, and nothing without a message", () => {
    expect(inGerman('Diese Leitweg-ID ist bereits einem anderen Arbeitgeber zugeordnet.')).toBe(
      'Diese Leitweg-ID ist bereits einem anderen Arbeitgeber zugeordnet.',
    );
    expect(inGerman('someUnknownKey')).toBe('Bitte überprüfen Sie Ihre Eingabe.');
    expect(inGerman(undefined)).toBeUndefined();
    expect(inGerman('')).toBeUndefined();
  });
});
