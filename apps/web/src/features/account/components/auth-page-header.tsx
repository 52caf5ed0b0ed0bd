import { Stack, Text, Title } from '@mantine/core';

import { usePageTitle } from '../../../components/use-page-title';

/** Heading, intro and document title of a screen in the sign-in frame. */
export function AuthPageHeader({ title, intro }: { title: string; intro?: string }) {
  usePageTitle(title);
  return (
    <Stack gap={6}>
      <Title order={1} fz={28}>
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      ) : null}
    </Stack>
  );
}
