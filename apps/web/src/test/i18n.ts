import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// Every namespace of every language, so a feature's tests need no change here when it adds a namespace.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

const resources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  (resources[match[1]] ??= {})[match[2]] = content;
}
const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];

/** The real translation files, loaded synchronously: tests see exactly what users see. */
export function createTestI18n(lng: 'de' | 'en' = 'de'): I18n {
  const instance = i18next.createInstance().use(initReactI18next);
  void instance.init({
    lng,
    fallbackLng: 'de',
    ns: namespaces,
    defaultNS: 'translation',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
