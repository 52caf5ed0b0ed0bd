import { Stack, Tabs } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { PageSkeleton } from '../../components/page-skeleton';

const TABS = ['salary', 'orders', 'security'] as const;
type ProfileTab = (typeof TABS)[number];

const isProfileTab = (value: string | undefined): value is ProfileTab => TABS.some((tab) => tab === value);

/** /profile: pill tabs "Persönliche Daten" / "Bestellungen"; each tab is its own URL. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const segment = pathname.split('/')[2];
  const active: ProfileTab = isProfileTab(segment) ? segment : 'salary';

  return (
    <Stack gap="lg">
      <Tabs
        value={active}
        variant="pills"
        radius="xl"
        keepMounted
        onChange={(value) => {
          if (value && isProfileTab(value)) void navigate(`/profile/${value}`);
        }}
      >
        <Tabs.List aria-label={t('profile.tabs.label')}>
          <Tabs.Tab value="salary">{t('profile.tabs.salary')}</Tabs.Tab>
          <Tabs.Tab value="orders">{t('profile.tabs.orders')}</Tabs.Tab>
          <Tabs.Tab value="security">{t('profile.tabs.security')}</Tabs.Tab>
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="xl">
            {tab === active ? (
              <Suspense fallback={<PageSkeleton />}>
                <Outlet />
              </Suspense>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
