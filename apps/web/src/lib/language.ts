import { Languages, type Language } from '@leasing/contract';
import type { i18n as I18n } from 'i18next';

import { setDisplayLocale, type DisplayLocale } from './format';

/**
 * The interface language: German by default, English on request. The choice is remembered in this
 * browser (`localStorage`) and, for a signed-in person, on the account (the server keeps it, so it
 * follows them to another browser). Formats follow the language: de-DE or en-GB.
 */
export type { Language };
export const LANGUAGE_STORAGE_KEY = 'language';

const LOCALES: Record<Language, DisplayLocale> = { de: 'de-DE', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value);
}

/** The language this browser chose before, else German. */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Language {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'de';
  } catch {
    return 'de';
  }
}

/** Formats and the document's language for `language`; safe to call before i18next is ready. */
export function applyDocumentLanguage(language: Language): void {
  setDisplayLocale(LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches the interface to `language` and remembers it in this browser. */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): Promise<void> {
  applyDocumentLanguage(language);
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the choice lasts for this visit.
  }
  await i18n.changeLanguage(language);
}

/** The language i18next shows now, as one of ours. */
export function currentLanguage(i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): Language {
  const value = (i18n.resolvedLanguage ?? i18n.language ?? 'de').slice(0, 2);
  return isLanguage(value) ? value : 'de';
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
