import {
  Alert,
  Button,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  CLAIM_EXCESS_MAX_EUR,
  CLAIM_TRANSITIONS,
  ClaimUpdateRequestSchema,
  type Claim,
  type ClaimStatus,
  type ClaimUpdateRequest,
  type ProviderClaim,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatPrice } from '../../../lib/format';
import { ClaimExcess, ClaimHistory, ClaimPhotos, ClaimStatusBadge } from '../../orders/components/claim-parts';
import { useUpdateClaim } from '../api/claims';
import { fieldMessage } from '../field-errors';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

type FormErrors = Partial<Record<'status' | 'note' | 'excessEur', string>>;

/**
 * The next state (only the moves the contract allows, or the current state for a note or the excess
 * alone), a note to the employee and, while not yet decided and not on a rejected claim, the excess.
 */
function UpdateForm({ claim, onUpdated }: { claim: Claim; onUpdated: (claim: Claim) => void }) {
  const { t } = useTranslation('provider');
  const { t: to } = useTranslation('orders');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const update = useUpdateClaim();
  const [status, setStatus] = useState<ClaimStatus>(claim.status);
  const [note, setNote] = useState('');
  const [excess, setExcess] = useState<number | string>('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = [claim.status, ...CLAIM_TRANSITIONS[claim.status]].map((value) => ({
    value,
    label:
      value === claim.status
        ? t('claims.keepStatus', { status: to(`claims.status.${value}`) })
        : to(`claims.status.${value}`),
  }));
  const canDecideExcess = claim.excessEur === null && status !== 'REJECTED';
  const body: ClaimUpdateRequest = {
    status,
    ...(note.trim() ? { note: note.trim() } : {}),
    ...(canDecideExcess && excess !== '' ? { excessEur: Number(excess) } : {}),
  };
  const nothing = status === claim.status && body.note === undefined && body.excessEur === undefined;

  const submit = () => {
    setRefusal(null);
    const parsed = ClaimUpdateRequestSchema.safeParse(body);
    if (!parsed.success) {
      const own: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'status' || field === 'note' || field === 'excessEur') own[field] ??= issue.message;
      }
      setErrors(own);
      return;
    }
    setErrors({});
    update.mutate(
      { claimId: claim.id, body: parsed.data },
      {
        onSuccess: (updated) => {
          notify.success(t('claims.saved', { number: updated.number }));
          onUpdated(updated);
        },
        onError: (error) => {
          if (!isApiError(error) || error.status >= 500 || error.status === 0) {
            setRefusal(t('common.retryLater'));
            return;
          }
          const fields: FormErrors = {};
          for (const { field, message } of error.errors) {
            if (field === 'status' || field === 'note' || field === 'excessEur') fields[field] = message;
          }
          setErrors(fields);
          if (Object.keys(fields).length === 0) setRefusal(error.message);
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="claim-update">
      <Title order={3} size="h4">
        {t('claims.update')}
      </Title>
      <Select
        label={t('claims.nextStatus')}
        data={options}
        value={status}
        onChange={(value) => setStatus((value as ClaimStatus | null) ?? claim.status)}
        error={fieldMessage(t, tc, errors.status)}
        allowDeselect={false}
      />
      <Textarea
        label={t('claims.note')}
        description={t('claims.noteHint')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={fieldMessage(t, tc, errors.note)}
        rows={3}
      />
      {canDecideExcess ? (
        <NumberInput
          label={t('claims.excessInput')}
          description={t('claims.excessHint', { max: formatPrice(CLAIM_EXCESS_MAX_EUR) })}
          value={excess}
          onChange={setExcess}
          min={0}
          max={CLAIM_EXCESS_MAX_EUR}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          allowedDecimalSeparators={[',']}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          inputMode="decimal"
          suffix=" €"
          error={fieldMessage(t, tc, errors.excessEur)}
        />
      ) : claim.excessEur === null ? (
        <Text size="sm" c="dimmed">
          {t('claims.noExcessOnRejected')}
        </Text>
      ) : null}
      {refusal ? (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} disabled={nothing} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? '–' : value ? yes : no);

/** One report with everything the employee sent, its photos and history, and the update form. */
export function ClaimDrawer({
  claim,
  onClose,
  onUpdated,
}: {
  claim: ProviderClaim | null;
  onClose: () => void;
  onUpdated: (claim: Claim) => void;
}) {
  const { t } = useTranslation('provider');
  const { t: to } = useTranslation('orders');
  return (
    <Drawer
      opened={claim !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={claim ? t('claims.drawerTitle', { number: claim.number }) : ''}
    >
      {claim ? (
        <Stack gap="lg" data-testid="claim-detail">
          <Group gap="xs">
            <ClaimStatusBadge status={claim.status} />
            <Text size="sm">{to(`claims.kind.${claim.kind}`)}</Text>
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" m={0}>
            <Fact label={t('claims.person')}>{claim.personName}</Fact>
            <Fact label={t('claims.employer')}>{claim.tenantName}</Fact>
            <Fact label={t('claims.car')}>{claim.car}</Fact>
            <Fact label={t('claims.order')}>{t('claims.orderValue', { orderId: claim.orderId })}</Fact>
            <Fact label={t('claims.occurredAt')}>{formatDateTime(claim.occurredAt)}</Fact>
            <Fact label={t('claims.reported')}>{formatDate(claim.reportedAt)}</Fact>
            <Fact label={t('claims.place')}>{claim.place ?? '–'}</Fact>
            <Fact label={t('claims.police')}>{claim.policeReportNumber ?? '–'}</Fact>
            <Fact label={t('claims.thirdParty')}>
              {yesNo(claim.thirdPartyInvolved, t('claims.yes'), t('claims.no'))}
            </Fact>
            <Fact label={t('claims.drivable')}>{yesNo(claim.drivable, t('claims.yes'), t('claims.no'))}</Fact>
          </SimpleGrid>
          {claim.description ? (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('claims.description')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="claim-description">
                {claim.description}
              </Text>
            </Stack>
          ) : null}
          <ClaimExcess claim={claim} />
          <ClaimPhotos claim={claim} />
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('claims.history')}
            </Title>
            <ClaimHistory events={claim.events} />
          </Stack>
          <UpdateForm
            // A saved change starts the form afresh from the claim as it now stands.
            key={`${claim.id}-${claim.status}-${String(claim.events.length)}`}
            claim={claim}
            onUpdated={onUpdated}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}
