import { Box, Burger, Button, Collapse, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';

import { AppFooter } from '../../components/app-footer';
import { BrandLogo } from '../../components/brand-logo';
import { UserIcon } from '../../components/icons';
import { ThemeToggle } from '../../components/theme-toggle';
import { useMe } from '../../features/auth/api/get-me';
import { LanguageSwitch } from '../../features/preferences/components/language-switch';
import { saveAccountLanguage } from '../../features/preferences/api/save-language';
import { useAccountLanguage } from '../../features/preferences/use-account-language';
import classes from './layout.module.css';

const NAV_ITEMS = [
  { to: '/search', key: 'nav.search' },
  { to: '/profile', key: 'nav.profile' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/logout', key: 'nav.logout' },
] as const;

// Admins get their order page after the search (role from GET /v1/me).
const ADMIN_NAV_ITEMS = {
  TENANT_ADMIN: { to: '/admin/orders', key: 'nav.approvals' },
  PROVIDER_ADMIN: { to: '/admin/orders', key: 'nav.manageOrders' },
} as const;

// Tenant admins also get their employer portal.
const EMPLOYER_NAV_ITEM = { to: '/employer', key: 'nav.employer' } as const;

// Provider admins also get their back office.
const PROVIDER_NAV_ITEM = { to: '/provider', key: 'nav.backOffice' } as const;

function MainNavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const adminItem = role === 'TENANT_ADMIN' || role === 'PROVIDER_ADMIN' ? ADMIN_NAV_ITEMS[role] : null;
  const portalItems =
    role === 'TENANT_ADMIN' ? [EMPLOYER_NAV_ITEM] : role === 'PROVIDER_ADMIN' ? [PROVIDER_NAV_ITEM] : [];
  const adminItems = [...portalItems, ...(adminItem ? [adminItem] : [])];
  const items = [NAV_ITEMS[0], ...adminItems, ...NAV_ITEMS.slice(1)];
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} className={className} onClick={onNavigate}>
      {t(item.key)}
    </NavLink>
  ));
}

/**
 * The signed-in person's box has one width whether /v1/me has answered or not: the header's parts are
 * spread out, so a box that grew on arrival would push the navigation sideways. A longer name is cut
 * with an ellipsis; the title holds it in full.
 */
const CURRENT_USER_WIDTH = 180;

function CurrentUser() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return <Box w={CURRENT_USER_WIDTH} aria-hidden="true" />;
  const name = `${me.data.firstName} ${me.data.lastName}`.trim();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      w={CURRENT_USER_WIDTH}
      title={t('nav.signedInAs', { name })}
      data-testid="current-user"
    >
      <UserIcon size={18} style={{ flex: 'none' }} />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} lh={1.2} truncate>
          {name}
        </Text>
        {me.data.tenantName ? (
          <Text size="xs" c="dimmed" lh={1.2} truncate>
            {me.data.tenantName}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * Page frame with header, main landmark and footer. Signed in it carries the main navigation
 * (spec 2.2); signed out (legal pages, 404) only the brand, a sign-in link and the theme toggle.
 */
export function SiteShell({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const mobileMenuId = useId();
  const queryClient = useQueryClient();
  useAccountLanguage(useMe().data?.language);

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('common.skipToContent')}
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Link to="/" className={classes.brand} aria-label={t('nav.home')}>
            <BrandLogo />
          </Link>

          {signedIn ? (
            <Box component="nav" aria-label={t('nav.main')} visibleFrom="md">
              <Group gap={4}>
                <MainNavLinks className={classes.navLink} />
              </Group>
            </Box>
          ) : null}

          <Group gap="sm" wrap="nowrap">
            {signedIn ? (
              <Box visibleFrom="sm">
                <CurrentUser />
              </Box>
            ) : (
              <Button component={Link} to="/login" variant="light" size="sm">
                {t('common.signIn')}
              </Button>
            )}
            <LanguageSwitch
              onSwitched={
                signedIn
                  ? (language) => void saveAccountLanguage(queryClient, language).catch(() => undefined)
                  : undefined
              }
            />
            <ThemeToggle />
            {signedIn ? (
              <Burger
                hiddenFrom="md"
                opened={menuOpened}
                onClick={menu.toggle}
                aria-label={menuOpened ? t('common.closeMenu') : t('common.openMenu')}
                aria-expanded={menuOpened}
                aria-controls={mobileMenuId}
                size="sm"
              />
            ) : null}
          </Group>
        </Container>
        {signedIn ? (
          // Narrow screens: the navigation folds out below the header (no modal drawer, keeps the bundle small).
          <Collapse expanded={menuOpened} keepMounted={false} hiddenFrom="md" id={mobileMenuId}>
            <Container size="lg" pb="md">
              <Stack gap="sm">
                <Box hiddenFrom="sm">
                  <CurrentUser />
                </Box>
                <nav aria-label={t('nav.main')}>
                  <Stack gap={4}>
                    <MainNavLinks className={[classes.navLink, classes.mobileLink].join(' ')} onNavigate={menu.close} />
                  </Stack>
                </nav>
              </Stack>
            </Container>
          </Collapse>
        ) : null}
      </header>

      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="lg" py="xl">
          {children}
        </Container>
      </main>

      <AppFooter withAbout={signedIn} />
    </div>
  );
}
