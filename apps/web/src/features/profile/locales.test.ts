import { describe, expect, it } from 'vitest';

import en from '../../../public/locales/en/profile.json';
import { fieldLabel } from './messages';
import { createTestI18n } from '../../test/i18n';

describe('profile translations', () => {
  it('answers a requested e-mail change with the spec\'s English "Ok"', () => {
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
