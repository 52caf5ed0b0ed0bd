import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { currentLanguage, switchLanguage, type Language } from '../../../lib/language';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English' };

/**
 * One button that offers the other language; this browser remembers the choice. `onSwitched` lets a
 * signed-in page keep it on the account too (kept out of here: the sign-in pages load no query library).
 */
export function LanguageSwitch({ onSwitched }: { onSwitched?: (language: Language) => void }) {
  const { i18n } = useTranslation();
  const other: Language = currentLanguage(i18n) === 'de' ? 'en' : 'de';

  return (
    <Button
      variant="default"
      size="sm"
      radius="md"
      px="sm"
      lang={other}
      data-testid="language-switch"
      onClick={() => {
        void switchLanguage(i18n, other);
        onSwitched?.(other);
      }}
    >
      {NAMES[other]}
    </Button>
  );
}
