import { Box, Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Skeleton } from './page-skeleton';

export interface ChartFigureProps {
  /** What the chart shows in a sentence: the picture's name for screen readers. */
  summary: string;
  /** The chart's height in pixels, held while its code loads, so nothing below moves. */
  height: number;
  /** The chart (a lazy one from lazy-charts.tsx). */
  chart: ReactNode;
  /** The same figures as a table: shown by the button below the chart. */
  table: ReactNode;
  /** The series' names and colours (Mantine colours, `ev.6`), shown below the chart. */
  legend?: { label: string; color: string }[];
  testId?: string;
}

/** `ev.6` as the CSS variable of Mantine's palette. */
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * A chart with its figures as a table (ADR 0063): the chart is a named picture, and a button below it
 * shows and hides the table with every figure, formatted as the page formats them, for keyboards,
 * screen readers and anyone who wants the numbers.
 */
export function ChartFigure({ summary, height, chart, table, legend = [], testId }: ChartFigureProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Stack gap="xs" data-testid={testId}>
      <Box
        role="img"
        aria-label={t('charts.picture', { summary })}
        h={height}
        data-testid={testId && `${testId}-chart`}
      >
        <Suspense fallback={<Skeleton height={height} />}>{chart}</Suspense>
      </Box>
      <Group justify={legend.length > 0 ? 'space-between' : 'flex-end'} align="flex-start" gap="xs">
        {legend.length > 0 ? (
          <Group
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            data-testid={testId && `${testId}-legend`}
          >
            {legend.map((entry) => (
              <Group key={entry.label} component="li" gap={6} wrap="nowrap">
                <ColorSwatch color={cssColor(entry.color)} size={12} withShadow={false} aria-hidden="true" />
                <Text size="xs">{entry.label}</Text>
              </Group>
            ))}
          </Group>
        ) : null}
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={tableId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? t('charts.hideTable') : t('charts.showTable')}
        </Button>
      </Group>
      <div id={tableId} hidden={!open}>
        {table}
      </div>
    </Stack>
  );
}
