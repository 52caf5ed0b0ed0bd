import { Group, Text, ThemeIcon } from '@mantine/core';

import { BoltIcon } from './icons';

/** Bolt mark plus word mark; the text is the accessible name wherever it is used in a link. */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={36} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden="true">
        <BoltIcon size={22} />
      </ThemeIcon>
      <Text component="span" fw={800} fz="lg" c={inverted ? 'white' : undefined} lh={1}>
        E-Auto-Leasing
      </Text>
    </Group>
  );
}
