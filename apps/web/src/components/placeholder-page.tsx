import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ToolIcon } from './icons';
import { usePageTitle } from './use-page-title';

/** Heading plus an "in Vorbereitung" note for screens that later work fills in. */
export function PlaceholderPage({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {intro ? <Text c="dimmed">{intro}</Text> : null}
      {children}
      <Alert variant="light" color="ev" role="note" icon={<ToolIcon />} data-testid="in-preparation">
        {t('common.inPreparation')}
      </Alert>
    </Stack>
  );
}
