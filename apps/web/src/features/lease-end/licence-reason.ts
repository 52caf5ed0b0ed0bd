import { useTranslation } from 'react-i18next';

import type de from '../../../public/locales/de/translation.json';

type KnownReason = keyof (typeof de)['licenceReasons'];
const KNOWN: ReadonlySet<string> = new Set<KnownReason>([
  'licence_not_confirmed',
  'cancelled_by_user',
  'cancelled',
  'expired',
  'abandoned',
  'case_unknown',
  'failed',
]);

/**
 * The identity provider's reason of a failed licence check, as people read it: known codes in the
 * user's language, anything else the provider said shown as it came (it is all HR gets to see).
 */
export function useLicenceReason(): (reason: string) => string {
  const { t } = useTranslation();
  return (reason) => (KNOWN.has(reason) ? t(`licenceReasons.${reason as KnownReason}`) : reason);
}
