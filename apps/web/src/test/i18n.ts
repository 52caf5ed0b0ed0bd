import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enTranslation from '../../public/locales/en/translation.json';
import faq from '../../public/locales/de/faq.json';
import legal from '../../public/locales/de/legal.json';
import translation from '../../public/locales/de/translation.json';

/** The real German files, loaded synchronously: tests see exactly what users see. */
export function createTestI18n(lng: 'de' | 'en' = 'de'): I18n {
  const instance = i18next.createInstance().use(initReactI18next);
  void instance.init({
    lng,
    fallbackLng: 'de',
    ns: ['translation', 'faq', 'legal'],
    defaultNS: 'translation',
    resources: { de: { translation, faq, legal }, en: { translation: enTranslation } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
