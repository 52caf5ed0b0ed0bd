import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CLAIM_EXCESS_MAX_EUR, type Claim, type Order } from '@leasing/contract';

import { formatDate, formatDateTime, formatPrice } from '../../../lib/format';
import { useMe } from '../../auth/api/get-me';
import { useClaims } from '../api/claims';
import { ClaimExcess, ClaimHistory, ClaimPhotos, ClaimStatusBadge } from './claim-parts';
import { ClaimReportModal } from './claim-report-modal';

/**
 * On a running lease: the damage, accident and theft reports of the order (ADR 0056) with their state,
 * the excess once decided and the provider's notes, and the way to report a new one. The person the
 * order belongs to reports; HR sees only each report's number, state and excess.
 */
export function ClaimsCard({ order }: { order: Pick<Order, 'id' | 'employee'> }) {
  const { t } = useTranslation('orders');
  const me = useMe();
  const claims = useClaims(order.id, true);
  const [reporting, setReporting] = useState(false);
  if (!claims.data || !me.data) return null;
  const hrView = me.data.role === 'TENANT_ADMIN';
  const owner = me.data.email.toLowerCase() === order.employee.email.toLowerCase();
  const list = claims.data;
  return (
    <Card withBorder padding="md" data-testid="claims-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('claims.title')}
        </Title>
        {owner ? <Text size="sm">{t('claims.text', { max: formatPrice(CLAIM_EXCESS_MAX_EUR) })}</Text> : null}
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('claims.empty')}
          </Text>
        ) : null}
        {list.map((claim, index) => (
          <Fragment key={claim.id}>
            {index > 0 ? <Divider /> : null}
            {hrView ? <HrClaimRow claim={claim} /> : <ClaimRow claim={claim} />}
          </Fragment>
        ))}
        {owner ? (
          <Group>
            <Button variant="light" onClick={() => setReporting(true)}>
              {t('claims.report')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      {owner ? <ClaimReportModal orderId={order.id} opened={reporting} onClose={() => setReporting(false)} /> : null}
    </Card>
  );
}

function ClaimHeader({ claim }: { claim: Claim }) {
  const { t } = useTranslation('orders');
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text fw={700}>{claim.number}</Text>
        <Text size="xs" c="dimmed">
          {t(`claims.kind.${claim.kind}`)} · {t('claims.reportedOn', { date: formatDate(claim.reportedAt) })}
        </Text>
      </Stack>
      <ClaimStatusBadge status={claim.status} />
    </Group>
  );
}

/** What HR may see of a report: number, state, excess. */
function HrClaimRow({ claim }: { claim: Claim }) {
  return (
    <Stack gap={4} data-testid="claim-row">
      <ClaimHeader claim={claim} />
      <ClaimExcess claim={claim} />
    </Stack>
  );
}

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? null : value ? yes : no);

function ClaimRow({ claim }: { claim: Claim }) {
  const { t } = useTranslation('orders');
  const facts = [
    yesNo(claim.thirdPartyInvolved, t('claims.thirdPartyYes'), t('claims.thirdPartyNo')),
    yesNo(claim.drivable, t('claims.drivableYes'), t('claims.drivableNo')),
    claim.policeReportNumber ? t('claims.policeValue', { number: claim.policeReportNumber }) : null,
  ].filter((fact) => fact !== null);
  return (
    <Stack gap={6} data-testid="claim-row">
      <ClaimHeader claim={claim} />
      {claim.occurredAt ? (
        <Text size="sm">
          {t('claims.occurred', { date: formatDateTime(claim.occurredAt), place: claim.place ?? '' })}
        </Text>
      ) : null}
      {claim.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {claim.description}
        </Text>
      ) : null}
      {facts.length > 0 ? (
        <Text size="xs" c="dimmed">
          {facts.join(' · ')}
        </Text>
      ) : null}
      <ClaimExcess claim={claim} />
      <ClaimPhotos claim={claim} />
      {claim.events.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('claims.history')}
          </Text>
          <ClaimHistory events={claim.events} />
        </Stack>
      ) : null}
    </Stack>
  );
}
