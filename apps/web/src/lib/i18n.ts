import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { appConfig } from '../config/env';
import { applyDocumentLanguage, storedLanguage } from './language';
import { TranslationBackend, type TranslationBackendOptions } from './translation-backend';
import { createTranslationRequest } from './translation-request';

export const SUPPORTED_LANGUAGES = ['de', 'en'] as const;
export const DEFAULT_LANGUAGE = 'de';
/** UI texts; long-form content has its own namespaces (`faq`, `legal`), loaded on first use by their pages. */
export const DEFAULT_NAMESPACE = 'translation';

export interface I18nOptions {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  saveMissing?: boolean;
  /** Base wait between retries in ms, doubled per attempt by i18next. */
  retryTimeout?: number;
  /** The language to start in; by default the one this browser chose before (German otherwise). */
  language?: 'de' | 'en';
  /** Namespaces the first page needs besides the common one, loaded with it. */
  namespaces?: readonly string[];
}

/** A new i18next instance loading `/locales/{lng}/{ns}.json` over HTTP; call `.init` via `initI18n`. */
export function createI18n(): I18n {
  return i18next.createInstance().use(TranslationBackend).use(initReactI18next);
}

export function initI18n(instance: I18n, options: I18nOptions = {}): Promise<unknown> {
  const saveMissing = options.saveMissing ?? appConfig.saveMissingTranslations;
  const language = options.language ?? storedLanguage();
  applyDocumentLanguage(language);
  return instance.init<TranslationBackendOptions>({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'languageOnly',
    ns: [DEFAULT_NAMESPACE, ...(options.namespaces ?? []).filter((ns) => ns !== DEFAULT_NAMESPACE)],
    defaultNS: DEFAULT_NAMESPACE,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    saveMissing,
    saveMissingTo: 'fallback',
    // Translation loading retries 5xx and network failures (spec 8); the decision sits in translation-backend.ts.
    maxRetries: 3,
    retryTimeout: options.retryTimeout ?? 500,
    backend: {
      loadPath: '/locales/{{lng}}/{{ns}}.json',
      addPath: '/locales/add/{{lng}}/{{ns}}',
      request: createTranslationRequest(options.fetch),
    },
    react: { useSuspense: true },
  });
}

/** The app's instance; `main.tsx` starts loading it before the first render. */
export const i18n: I18n = createI18n();
