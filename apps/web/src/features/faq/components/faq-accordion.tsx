import { Accordion, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { parseFaqSections, type FaqItem } from '../faq-content';
import classes from './faq-accordion.module.css';

function FaqAnswer({ item }: { item: FaqItem }) {
  return (
    <Stack gap="xs" component="article">
      <Title order={3} fz="md">
        {item.q}
      </Title>
      {item.a.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {item.bullets ? (
        <List spacing={4}>
          {item.bullets.map((bullet) => (
            <List.Item key={bullet}>{bullet}</List.Item>
          ))}
        </List>
      ) : null}
      {item.steps ? (
        <List type="ordered" spacing={6}>
          {item.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** The 17 FAQ sections of spec 2.8 from the `faq` namespace; the first one starts open. */
export function FaqAccordion() {
  const { t } = useTranslation('faq');
  const sections = parseFaqSections(t('sections', { returnObjects: true }));
  const first = sections[0];
  if (!first) return null;

  return (
    <Accordion multiple defaultValue={[first.id]} variant="separated" radius="md" order={2} className={classes.root}>
      {sections.map((section) => (
        <Accordion.Item key={section.id} value={section.id} data-testid="faq-section">
          <Accordion.Control>
            <Text component="span" fw={600} fz="lg">
              {section.title}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="lg" py="xs">
              {section.items.map((item) => (
                <FaqAnswer key={item.q} item={item} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
