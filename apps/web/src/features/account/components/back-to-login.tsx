import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way back to the sign-in screen, at the foot of every account screen. */
export function BackToLogin() {
  const { t } = useTranslation('account');
  return (
    <Group justify="center">
      <Anchor component={Link} to="/login" size="sm">
        {t('backToLogin')}
      </Anchor>
    </Group>
  );
}
