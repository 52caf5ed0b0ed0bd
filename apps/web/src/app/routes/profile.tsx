import { Button, Group, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';
import { SectionStrip } from '../layouts/section-strip';

const SECTIONS = ['salary', 'orders', 'security', 'contract-check'] as const;
type ProfileSection = (typeof SECTIONS)[number];

const isProfileSection = (value: string | undefined): value is ProfileSection =>
  SECTIONS.some((section) => section === value);

/**
 * /profile: the spec's pill tabs "Persönliche Daten" / "Bestellungen" / "Sicherheit". Each is its own
 * URL, so they are links in a navigation (the current one marked as the page), not ARIA tabs, which
 * would promise panels switched in place and arrow-key moves (docs/decisions/0010).
 */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const segment = pathname.split('/')[2];
  const active: ProfileSection = isProfileSection(segment) ? segment : 'salary';

  return (
    <Stack gap="xl">
      <SectionStrip>
        <Group component="nav" aria-label={t('profile.tabs.label')} gap="xs">
          {SECTIONS.map((section) => (
            <Button
              key={section}
              component={Link}
              to={`/profile/${section}`}
              radius="xl"
              variant={section === active ? 'filled' : 'subtle'}
              aria-current={section === active ? 'page' : undefined}
            >
              {t(`profile.tabs.${section}`)}
            </Button>
          ))}
        </Group>
      </SectionStrip>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
}
