import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { consentStore } from '../consent-store';
import { useConsent } from '../use-consent';

/** The footer's way back to the choice; only where there is something to choose. */
export function ConsentSettingsLink() {
  const { t } = useTranslation();
  const { analytics } = useConsent();
  if (!analytics) return null;
  return (
    <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => consentStore.openSettings()}>
      {t('footer.consentSettings')}
    </Anchor>
  );
}
