import { Button, Card, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate, formatDateTime } from '../../../lib/format';

/** How long a new key or token lasts: a choice of periods rather than a date (most run until revoked). */
export const LIFETIMES = ['never', '30', '90', '365'] as const;
export type Lifetime = (typeof LIFETIMES)[number];
const DAY_MS = 86_400_000;

export function expiryOf(lifetime: Lifetime, now = Date.now()): string | null {
  return lifetime === 'never' ? null : new Date(now + Number(lifetime) * DAY_MS).toISOString();
}

export function LifetimeSelect({ value, onChange }: { value: Lifetime; onChange: (value: Lifetime) => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Select
      label={t('lifetime')}
      data={LIFETIMES.map((lifetime) => ({ value: lifetime, label: t(`lifetimes.${lifetime}`) }))}
      value={value}
      onChange={(next) => onChange(LIFETIMES.find((known) => known === next) ?? 'never')}
      allowDeselect={false}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

interface Credential {
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** One key or token in force: its name, prefix, dates and the revoke button. */
export function CredentialCard({
  credential,
  revokeLabel,
  onRevoke,
  children,
}: {
  credential: Credential;
  revokeLabel: string;
  onRevoke: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('integrations');
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{credential.name}</Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {credential.prefix}…
          </Text>
          {children}
          <Text size="sm">
            {t('created', { date: formatDate(credential.createdAt) })}
            {' · '}
            {credential.expiresAt ? t('expires', { date: formatDate(credential.expiresAt) }) : t('noExpiry')}
            {' · '}
            {credential.lastUsedAt ? t('lastUsed', { date: formatDateTime(credential.lastUsedAt) }) : t('unused')}
          </Text>
        </Stack>
        <Button color="red" variant="light" size="xs" onClick={onRevoke} aria-label={revokeLabel}>
          {t('revoke')}
        </Button>
      </Group>
    </Card>
  );
}

/** Asks before a revocation: the key or token stops working at once. */
export function RevokeDialog({
  name,
  title,
  text,
  pending,
  onCancel,
  onConfirm,
}: {
  name: string | null;
  title: string;
  text: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('integrations');
  return (
    <Modal opened={name !== null} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {t('revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
