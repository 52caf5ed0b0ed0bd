import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/use-page-title';
import { FaqAccordion } from './faq-accordion';

export function FaqPage() {
  const { t } = useTranslation('faq');
  usePageTitle(t('title'));
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap="xs">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <FaqAccordion />
    </Stack>
  );
}
