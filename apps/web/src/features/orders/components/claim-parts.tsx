import { Badge, Group, Modal, Skeleton, Text, Timeline, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Claim, ClaimEvent, ClaimStatus } from '@leasing/contract';

import { dateTimeFormat, formatAmount, formatDateTime } from '../../../lib/format';
import { useClaimPhoto, type ClaimPhotoRef } from '../api/claims';

/*
 * The parts of a damage report that the employee's order page and the provider's back office show
 * alike: the state as a badge, the excess, the history and the photos (ADR 0056).
 */

const STATUS_COLOR: Record<ClaimStatus, string> = {
  REPORTED: 'blue',
  IN_REVIEW: 'yellow',
  REPAIR_SCHEDULED: 'cyan',
  REPAIRED: 'green',
  TOTAL_LOSS: 'red',
  REJECTED: 'gray',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="claim-status">
      {t(`claims.status.${status}`)}
    </Badge>
  );
}

/** A payroll month `YYYY-MM` as `März 2026` (a calendar month: formatted in UTC so no zone shifts it). */
export function formatPayrollMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The excess once decided, with the payroll month it is deducted in; "not yet decided" before. */
export function ClaimExcess({ claim }: { claim: Pick<Claim, 'excessEur' | 'excessMonth'> }) {
  const { t } = useTranslation('orders');
  return (
    <Text size="sm" data-testid="claim-excess">
      {claim.excessEur === null
        ? t('claims.excessOpen')
        : claim.excessMonth
          ? t('claims.excessIn', {
              amount: formatAmount(claim.excessEur),
              month: formatPayrollMonth(claim.excessMonth),
            })
          : t('claims.excess', { amount: formatAmount(claim.excessEur) })}
    </Text>
  );
}

/** The report and every change of state, oldest first, with the provider's notes. */
export function ClaimHistory({ events }: { events: readonly ClaimEvent[] }) {
  const { t } = useTranslation('orders');
  return (
    <Timeline bulletSize={12} lineWidth={2} active={events.length - 1} data-testid="claim-history">
      {events.map((event, index) => (
        <Timeline.Item key={`${event.at}-${String(index)}`} title={t(`claims.status.${event.status}`)}>
          <Text size="xs" c="dimmed">
            {formatDateTime(event.at)}
          </Text>
          {event.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="claim-note">
              {event.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * A blob as an image through an object URL. The URL is made and revoked by an effect on the element
 * itself, so StrictMode's double effects cannot leave a revoked URL behind.
 */
function BlobImage({ blob, alt, width, height }: { blob: Blob; alt: string; width: number; height?: number }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (!element || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return (
    <img
      ref={image}
      alt={alt}
      width={width}
      height={height}
      style={{ objectFit: height ? 'cover' : 'contain', maxWidth: '100%', borderRadius: 4, display: 'block' }}
    />
  );
}

const THUMB = 96;

function ClaimPhoto({ photo, alt }: { photo: ClaimPhotoRef; alt: string }) {
  const { t } = useTranslation('orders');
  const blob = useClaimPhoto(photo);
  const [enlarged, setEnlarged] = useState(false);
  if (blob.isError)
    return (
      <Text size="xs" c="dimmed" w={THUMB} role="status">
        {t('claims.photoError')}
      </Text>
    );
  if (!blob.data) return <Skeleton width={THUMB} height={THUMB} />;
  return (
    <>
      <UnstyledButton
        onClick={() => setEnlarged(true)}
        aria-label={t('claims.photoOpen', { alt })}
        data-testid="claim-photo"
      >
        <BlobImage blob={blob.data} alt={alt} width={THUMB} height={THUMB} />
      </UnstyledButton>
      <Modal opened={enlarged} onClose={() => setEnlarged(false)} title={alt} size="xl" centered>
        <BlobImage blob={blob.data} alt={alt} width={1200} />
      </Modal>
    </>
  );
}

/** The report's photos as thumbnails, each loaded with the bearer token; a click shows it large. */
export function ClaimPhotos({ claim }: { claim: Pick<Claim, 'id' | 'orderId' | 'number' | 'photoIds'> }) {
  const { t } = useTranslation('orders');
  if (claim.photoIds.length === 0) return null;
  return (
    <Group gap="xs" aria-label={t('claims.photos')} role="group">
      {claim.photoIds.map((photoId, index) => (
        <ClaimPhoto
          key={photoId}
          photo={{ orderId: claim.orderId, claimId: claim.id, photoId }}
          alt={t('claims.photoAlt', { position: index + 1, number: claim.number })}
        />
      ))}
    </Group>
  );
}
