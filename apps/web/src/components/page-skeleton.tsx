import { Box, Stack, VisuallyHidden, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './skeleton.module.css';

/**
 * Placeholders in the shape of what is loading, so nothing moves when it arrives (layout shift,
 * docs/decisions/0020-layout-stability.md). Sizes follow Mantine's defaults of the real parts (an h1
 * line, a text line). The screens' own placeholders sit beside them; tables: table-skeleton.tsx.
 */

type Size = number | string;

/**
 * One grey block. A few lines instead of Mantine's Skeleton: every placeholder is on a first view, whose
 * JavaScript budget (0010) has no room to spare; the look lives in CSS. Numbers are pixels (React adds
 * the unit), a radius name is one of the theme's.
 */
export function Skeleton({
  height,
  width = '100%',
  radius = 'md',
  my,
  mt = my,
}: {
  height: Size;
  width?: Size;
  radius?: Size;
  my?: Size;
  mt?: Size;
}) {
  return (
    <span
      className={classes.bone}
      style={{
        height,
        width,
        borderRadius: typeof radius === 'number' ? radius : `var(--mantine-radius-${radius})`,
        marginTop: mt,
        marginBottom: my,
      }}
    />
  );
}

/** Read aloud while the translations themselves may still be loading; German is the default language. */
const FALLBACK_LABEL = 'Wird geladen …';

/** Height of one line of an h1 in Mantine's theme (2.125rem × 1.3). */
export const HEADING_HEIGHT = 44;

/**
 * The frame of every placeholder: marked busy, with a status line "Wird geladen …" (in the current
 * language once the translations are there) for screen readers; the grey shapes inside are only seen.
 * The status line is not itself busy, so it is announced at once.
 */
export function LoadingRegion({ children, ...props }: { children: ReactNode } & BoxProps) {
  // No suspense here: the region is itself shown while the translations load.
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <Box aria-busy="true" {...props}>
      <VisuallyHidden role="status" aria-live="polite">
        {ready ? t('common.waiting') : FALLBACK_LABEL}
      </VisuallyHidden>
      <Box aria-hidden="true">{children}</Box>
    </Box>
  );
}

/** Text lines of the given widths (the last line of a paragraph is shorter). */
export function SkeletonLines({
  widths,
  height = 14,
  gap = 8,
}: {
  widths: readonly string[];
  height?: number;
  gap?: number;
}) {
  return (
    <Stack gap={gap}>
      {widths.map((width, index) => (
        <Skeleton key={index} height={height} width={width} radius="sm" />
      ))}
    </Stack>
  );
}

/** A page's h1 and its intro line, as most screens start. */
export function HeadingSkeleton({ intro = true }: { intro?: boolean }) {
  return (
    <Stack gap={4}>
      <Skeleton height={HEADING_HEIGHT - 8} my={4} width="40%" radius="sm" />
      {intro ? <Skeleton height={16} my={4} width="70%" radius="sm" /> : null}
    </Stack>
  );
}

/**
 * While a screen's code and texts load: the shape every screen starts with (heading, intro, a block),
 * so the first content lands where the placeholder was.
 */
export function PageSkeleton({ height = 240 }: { height?: number }) {
  return (
    <LoadingRegion>
      <Stack gap="lg">
        <HeadingSkeleton />
        <Skeleton height={height} radius="lg" />
      </Stack>
    </LoadingRegion>
  );
}
