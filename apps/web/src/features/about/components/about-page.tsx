import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { BoltIcon, CheckIcon, LeafIcon, UserIcon } from '../../../components/icons';
import { usePageTitle } from '../../../components/use-page-title';

const SECTIONS = [
  { key: 'mission', Icon: LeafIcon },
  { key: 'howItWorks', Icon: BoltIcon },
  { key: 'allInclusive', Icon: CheckIcon },
  { key: 'employers', Icon: UserIcon },
] as const;

/** "Über uns" (spec 2.2). */
export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap="xs">
        <Title order={1}>{t('about.title')}</Title>
        <Text fz="lg">{t('about.lead')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {SECTIONS.map(({ key, Icon }) => (
          <Paper key={key} withBorder p="lg" component="section">
            <Stack gap="sm">
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                <Icon size={22} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t(`about.sections.${key}.title`)}
              </Title>
              <Text>{t(`about.sections.${key}.text`)}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="lg" component="section">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('about.sections.demo.title')}
          </Title>
          <Text>{t('about.sections.demo.text')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
