import { Grid, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useContext } from 'react';

import { HEADING_HEIGHT, LoadingRegion, Skeleton, SkeletonLines } from '../../../components/page-skeleton';
import { FirstPictureContext } from './first-picture';
import { PictureFigure } from './picture-carousel';
import classes from './vehicle-page.module.css';

/** A labelled native select of the package options: label line, gap, 36 px field. */
function SelectSkeleton() {
  return (
    <Stack gap={4}>
      <Skeleton height={14} width="50%" radius="sm" my={3} />
      <Skeleton height={36} />
    </Stack>
  );
}

/**
 * The tax comparison while it loads (below the package panel, usually out of view): intro, status line,
 * the folded payslip table and its "show more", the money-flow chart and the pension note, at about
 * their desktop heights, so what follows does not jump by a screen's height.
 */
export function TaxSkeleton() {
  return (
    <LoadingRegion data-testid="tax-loading">
      <Stack gap="xl">
        <SkeletonLines widths={['95%', '60%']} />
        <Skeleton height={200} radius="md" />
        <Skeleton height={300} radius="md" />
        <SkeletonLines widths={['35%', '100%', '90%', '70%']} gap={10} />
      </Stack>
    </LoadingRegion>
  );
}

/**
 * The first picture in the gallery's box, where PictureCarousel shows it and at its size: the page's
 * largest paint is then this one, before the scripts, and the gallery replaces it without a change.
 * Decorative while the page is busy; the gallery names it.
 */
function FirstPicture({ src }: { src: string }) {
  return (
    <div className={classes.carousel}>
      <PictureFigure>
        <img src={src} alt="" className={classes.slideImage} height={300} fetchPriority="high" />
      </PictureFigure>
    </div>
  );
}

/**
 * The vehicle page while the vehicle loads, in the layout of VehicleDetail at its rendered heights: the
 * heading block (back link, brand, model, trim), the picture box (300 px pictures plus caption and
 * indicators; the first picture itself when the page knows it, FirstPictureContext) with the facts,
 * beside the package panel.
 */
export function VehicleSkeleton() {
  const firstPicture = useContext(FirstPictureContext);
  return (
    <LoadingRegion data-testid="vehicle-loading">
      <Stack gap="xl">
        {/* Each line as high as the text's: font size × Mantine's line height (sm 1.45, md 1.55, lg 1.6,
            h1 1.3), so the picture below sits where the gallery will show it. */}
        <Stack gap={4}>
          <Skeleton height={14} width={140} radius="sm" my={3.15} />
          <Skeleton height={16} width={90} radius="sm" my={4.4} />
          <Skeleton height={HEADING_HEIGHT - 8} width="45%" radius="sm" my={4.1} />
          <Skeleton height={18} width={60} radius="sm" my={5.4} />
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              {firstPicture ? <FirstPicture src={firstPicture} /> : <Skeleton height={337} radius="lg" />}
              <SkeletonLines widths={['100%', '100%', '100%', '100%']} gap={14} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder p="lg">
              <Stack gap="lg">
                <Skeleton height={28} width="60%" radius="sm" />
                <Stack gap="sm">
                  <SimpleGrid cols={2} spacing="sm">
                    <SelectSkeleton />
                    <SelectSkeleton />
                  </SimpleGrid>
                  <SelectSkeleton />
                  <SelectSkeleton />
                  <SelectSkeleton />
                </Stack>
                <Stack gap="sm">
                  <Stack gap={6}>
                    <Skeleton height={16} width="40%" radius="sm" />
                    <Skeleton height={44} width="55%" radius="sm" />
                  </Stack>
                  <SkeletonLines widths={['100%', '100%', '100%', '100%']} gap={10} />
                  <SkeletonLines widths={['90%', '60%']} height={12} gap={4} />
                </Stack>
                <Skeleton height={42} />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </LoadingRegion>
  );
}
