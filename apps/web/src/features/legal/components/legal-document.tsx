import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../../components/use-page-title';
import { parseLegalSections, type LegalSection } from '../legal-content';

function Section({ section }: { section: LegalSection }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="lg">
        {section.heading}
      </Title>
      {section.paragraphs?.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.lines ? (
        <Text component="address" fs="normal">
          {section.lines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </Text>
      ) : null}
      {section.bullets ? (
        <List spacing={6}>
          {section.bullets.map((bullet) => (
            <List.Item key={bullet}>{bullet}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** Imprint or privacy policy, rendered from the `legal` namespace. */
export function LegalDocument({ document }: { document: 'imprint' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const title = document === 'imprint' ? t('imprint.title') : t('privacy.title');
  const sections = parseLegalSections(
    document === 'imprint'
      ? t('imprint.sections', { returnObjects: true })
      : t('privacy.sections', { returnObjects: true }),
  );
  usePageTitle(title);

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={880}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {document === 'privacy' ? <Text c="dimmed">{t('privacy.updated')}</Text> : null}
        </Stack>
        {sections.map((section) => (
          <Section key={section.heading} section={section} />
        ))}
      </Stack>
    </Paper>
  );
}
