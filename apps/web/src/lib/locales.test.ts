import { describe, expect, it } from 'vitest';

import en from '../../public/locales/en/translation.json';
import faq from '../../public/locales/de/faq.json';
import legal from '../../public/locales/de/legal.json';
import de from '../../public/locales/de/translation.json';
import { parseFaqSections } from '../features/faq/faq-content';
import { parseLegalSections } from '../features/legal/legal-content';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

// Every namespace of both languages, so a new namespace is checked without a change here.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const byLanguage = (language: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([file]) => file.includes(`/locales/${language}/`))
      .map(([file, content]) => [/([^/]+)\.json$/.exec(file)?.[1] ?? file, content]),
  );

describe('locale files', () => {
  it('keep the English file in step with the German one', () => {
    expect(keys(en).sort()).toEqual(keys(de).sort());
  });

  it('have every key of every namespace in both languages', () => {
    const german = byLanguage('de');
    const english = byLanguage('en');
    expect(Object.keys(english).sort()).toEqual(Object.keys(german).sort());
    for (const namespace of Object.keys(german)) {
      expect(keys(english[namespace]).sort(), namespace).toEqual(keys(german[namespace]).sort());
    }
  });

  it('contain no empty texts, in any namespace of either language', () => {
    const empty = Object.entries(files).filter(([, content]) => /":\s*""/.test(JSON.stringify(content)));
    expect(empty.map(([file]) => file)).toEqual([]);
  });

  it('keep the spec messages in English in the en locale', () => {
    expect(en.login.errors.usernameRequired).toBe('Username is required!');
    expect(en.login.errors.passwordRequired).toBe('Password is required!');
    expect(en.login.errors.incorrect).toBe('Incorrect username or password!');
    expect(en.login.errors.failed).toBe('Error while authenticating!');
    expect(en.logout.success).toBe('Successfully logged out');
  });

  it('hold the 17 FAQ sections of spec 2.8 in order, each with questions and answers', () => {
    const sections = parseFaqSections(faq.sections);
    expect(sections.map((section) => section.title)).toEqual([
      'Allgemeines',
      'Gehaltsumwandlung',
      'E-Fahrzeuge',
      'All-inclusive-Paket',
      'Bestell- und Lieferstatus',
      'Lieferung',
      'Das Auto',
      'Bestellprozess (7 Schritte)',
      'Fahrzeugrückgabe',
      'Schäden und Verschleiß',
      'Zusätzliche Fahrer',
      'Umweltplakette',
      'Kündigung und Widerruf',
      'Versicherung',
      'Unfall',
      'Vertrag, Rechnung und Zahlung',
      'Laden',
    ]);
    for (const section of sections) expect(section.items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sections.map((section) => section.id)).size).toBe(17);
    const orderProcess = sections.find((section) => section.id === 'bestellprozess');
    expect(orderProcess?.items[0]?.steps).toHaveLength(7);
  });

  it('hold complete legal documents', () => {
    expect(parseLegalSections(legal.imprint.sections).length).toBeGreaterThanOrEqual(5);
    expect(parseLegalSections(legal.privacy.sections).length).toBeGreaterThanOrEqual(8);
    expect(JSON.stringify(legal)).toContain('E-Auto-Leasing GmbH (Demo)');
  });
});
