import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ConsentSettingsLink } from '../features/consent/components/consent-settings-link';
import classes from './app-footer.module.css';

/** Legal links and copyright (spec 2.7); "Über uns" only for signed-in users, whose layout it belongs to. */
export function AppFooter({ withAbout = false }: { withAbout?: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.inner}>
        <Text size="sm" c="dimmed">
          {t('footer.copyright')}
        </Text>
        <Group component="nav" aria-label={t('footer.legal')} gap="lg">
          {withAbout ? (
            <Anchor component={Link} to="/about" size="sm" c="dimmed">
              {t('footer.about')}
            </Anchor>
          ) : null}
          <Anchor component={Link} to="/impressum" size="sm" c="dimmed">
            {t('footer.imprint')}
          </Anchor>
          <Anchor component={Link} to="/datenschutz" size="sm" c="dimmed">
            {t('footer.privacy')}
          </Anchor>
          <ConsentSettingsLink />
        </Group>
      </Container>
    </footer>
  );
}
