import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './orders.module.css';

export interface InfoItem {
  key: string;
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A labelled list of facts as a description list: screen readers announce term and value together. */
export function InfoList({ items, cols = 2 }: { items: InfoItem[]; cols?: number }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: cols }}
      spacing="md"
      verticalSpacing="xs"
      className={classes.infoList}
    >
      {items.map((item) => (
        <div key={item.key} className={classes.infoItem} data-testid={item.testId}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" fw={600}>
            {item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
