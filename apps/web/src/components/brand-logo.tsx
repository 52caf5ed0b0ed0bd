import { Group, ThemeIcon } from '@mantine/core';

import classes from './brand-logo.module.css';
import { BoltIcon } from './icons';

/**
 * Bolt mark plus word mark; the text is the accessible name wherever it is used in a link. The word
 * mark stays on one line (ADR 0062): a browser may break after each of its hyphens, and a narrow
 * header did.
 */
export function BrandLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={36} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden="true">
        <BoltIcon size={22} />
      </ThemeIcon>
      <span
        className={classes.wordMark}
        data-inverted={inverted || undefined}
        data-word-mark
        style={{ whiteSpace: 'nowrap', hyphens: 'none' }}
      >
        E-Auto-Leasing
      </span>
    </Group>
  );
}
