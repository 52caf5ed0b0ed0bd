import { describe, expect, it } from 'vitest';

import en from '../../../public/locales/en/orders.json';
import de from '../../../public/locales/de/orders.json';

describe('the orders namespace', () => {
  it('keeps the spec messages in English and says them in German', () => {
    expect(en.confirm.mustAgree).toBe('You must agree before proceeding');
    expect(en.provider.signError).toBe('Error please try again!');
    expect(en.provider.tryAgain).toBe('Try again!');
    expect(en.common.error).toBe('Error');
    expect(en.list.deleted).toBe('Deleted');
    expect(en.workflow.componentNotFound).toBe('Component not found');
    expect(de.common.error).toBe('Fehler');
    expect(de.list.deleted).toBe('Gelöscht');
    expect(de.provider.start).toBe('Identifikation starten');
    expect(de.provider.signStart).toBe('Vertrag signieren');
    expect(de.list.continue).toBe('Bestellung fortsetzen');
    expect(de.list.delete).toBe('Löschen');
  });
});
