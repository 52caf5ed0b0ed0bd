import type { Language } from '@leasing/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { currentLanguage, switchLanguage } from '../../lib/language';

/**
 * Signed in, the account's language wins: a person who chose English on their laptop sees English on
 * their phone too, once signed in there.
 */
export function useAccountLanguage(accountLanguage: Language | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage(i18n)) void switchLanguage(i18n, accountLanguage);
  }, [accountLanguage, i18n]);
}
