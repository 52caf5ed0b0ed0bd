import { Box, Burger, Button, Container, Group, Stack, Text } from '@mantine/core';
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
import { MoreNav, allNavItems, navOf, type NavItem } from './main-nav';

/**
 * The role's entries (main-nav.tsx, ADR 0062; role from GET /v1/me): on wide screens what does not fit
 * goes under "Mehr", folded (`flat`) every entry one after the other.
 */
function MainNavLinks({
  className,
  onNavigate,
  flat = false,
}: {
  className?: string;
  onNavigate?: () => void;
  flat?: boolean;
}) {
  const { t } = useTranslation();
  const me = useMe().data;
  const nav = navOf(me?.role, { myCar: typeof me?.activeLeaseOrderId === 'number' });
  const link = (item: NavItem) => (
    <NavLink key={item.to} to={item.to} className={className} onClick={onNavigate}>
      {t(item.key)}
    </NavLink>
  );
  if (flat) return allNavItems(nav).map(link);
  return (
    <>
      {nav.shown.map(link)}
      {nav.more.length > 0 ? <MoreNav items={nav.more} /> : null}
      {nav.end.map(link)}
    </>
  );
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
            <Box component="nav" aria-label={t('nav.main')} visibleFrom="lg" className={classes.nav}>
              <Group gap={4} wrap="nowrap">
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
                hiddenFrom="lg"
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
        {signedIn && menuOpened ? (
          // Below lg (1200 px) the navigation folds out below the header (no modal drawer, keeps the bundle
          // small): from there on every role's entries fit one line beside the word mark (ADR 0062). Shown
          // at once, without Mantine's Collapse, whose transition code would cost every signed-in first
          // view about 1 KB (ADR 0010).
          <Box hiddenFrom="lg" id={mobileMenuId}>
            <Container size="lg" pb="md">
              <Stack gap="sm">
                <Box hiddenFrom="sm">
                  <CurrentUser />
                </Box>
                <nav aria-label={t('nav.main')}>
                  <Stack gap={4}>
                    <MainNavLinks
                      className={[classes.navLink, classes.mobileLink].join(' ')}
                      onNavigate={menu.close}
                      flat
                    />
                  </Stack>
                </nav>
              </Stack>
            </Container>
          </Box>
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
