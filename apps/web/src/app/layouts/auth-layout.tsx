import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { AppFooter } from '../../components/app-footer';
import { BrandLogo } from '../../components/brand-logo';
import { CheckIcon, LeafIcon, PiggyIcon } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';
import { LanguageSwitch } from '../../features/preferences/components/language-switch';
import classes from './layout.module.css';

const BENEFITS = [
  { key: 'hero.benefits.savings', Icon: PiggyIcon },
  { key: 'hero.benefits.allInclusive', Icon: CheckIcon },
  { key: 'hero.benefits.emissions', Icon: LeafIcon },
] as const;

function Hero() {
  const { t } = useTranslation();
  return (
    <aside className={classes.hero} aria-label={t('hero.label')}>
      <Link to="/" className={classes.brand} aria-label={t('nav.home')}>
        <BrandLogo inverted />
      </Link>
      <Stack gap="lg" maw={460}>
        <Title order={2} c="white" fz={34} lh={1.2}>
          {t('hero.title')}
        </Title>
        <Text c="white" fz="lg">
          {t('hero.text')}
        </Text>
        <Stack component="ul" gap="sm" className={classes.benefitList}>
          {BENEFITS.map(({ key, Icon }) => (
            <li key={key} className={classes.heroBenefit}>
              <span className={classes.heroIcon}>
                <Icon size={18} />
              </span>
              <Text c="white" fw={600}>
                {t(key)}
              </Text>
            </li>
          ))}
        </Stack>
      </Stack>
    </aside>
  );
}

/** Layout of the screens without the main navigation: sign-in, registration, password and e-mail flows. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.authShell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <Hero />
      <div className={classes.authColumn}>
        <Group component="header" className={classes.authHeader}>
          {/* On wide screens the brand panel carries the logo link already. */}
          <Box hiddenFrom="md">
            <Link to="/" className={classes.brand} aria-label={t('nav.home')}>
              <BrandLogo />
            </Link>
          </Box>
          <Group ml="auto" gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <ThemeToggle />
          </Group>
        </Group>
        <main id="main-content" tabIndex={-1} className={classes.authMain}>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} className={classes.authCard}>
            <Suspense fallback={<PageLoader minHeight={200} />}>
              <Outlet />
            </Suspense>
          </Paper>
        </main>
        <AppFooter />
      </div>
    </div>
  );
}

export { AuthLayout as Component };
