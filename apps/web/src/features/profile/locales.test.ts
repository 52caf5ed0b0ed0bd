import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/profile.json';
import en from '../../../public/locales/en/profile.json';
import { fieldLabel } from './messages';
import { createTestI18n } from '../../test/i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('profile translations', () => {
  it('keep the English file in step with the German one, without empty texts', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
    expect(JSON.stringify([de, en]).match(/":\s*""/g) ?? []).toEqual([]);
    expect(en.email.requested).toBe('Ok');
  });

  it('name the fields of server errors in German', () => {
    const t = createTestI18n().getFixedT('de', 'profile');
    expect(fieldLabel(t, 'salaryInfo.taxClass')).toBe('Steuerklasse');
    expect(fieldLabel(t, 'addressDto.state')).toBe('Bundesland');
    expect(fieldLabel(t, 'salaryInfo.salaryConversions.2.monetaryBenefitCommuteToWork')).toBe(
      'Gehaltsumwandlung 3 – Geldwerter Vorteil Arbeitsweg',
    );
    expect(fieldLabel(t, 'body')).toBe('body');
  });
});
