import { describe, expect, it } from 'vitest';

import de from '../../../public/locales/de/catalog.json';
import en from '../../../public/locales/en/catalog.json';

describe('catalog locale files', () => {
  it('hold the spec texts of the order button and the option labels', () => {
    expect(de.order.missingOptions).toBe('Bitte alle notwendigen Optionen auswählen');
    expect(de.order.failed).toBe('Fehler beim Erstellen der Bestellung');
    expect(de.order.missingField).toBe('Fehlt: {{field}}');
    expect(en.order.missingField).toBe('Missing: {{field}}');
    expect(de.tires).toEqual({ ALL_SEASON: 'Ganzjahresreifen', SUMMER_WINTER_SETS: 'Sommer- und Winterreifen' });
    expect(de.delivery).toEqual({
      HOME: 'Lieferung nach Hause',
      COMPANY: 'Lieferung an den Arbeitgeber',
      DEALER: 'Abholung beim Händler',
    });
  });
});
