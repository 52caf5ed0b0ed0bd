import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const DELETED = ['deleted1', 'deleted2', 'deleted3', 'deleted4'] as const;
const KEPT = ['kept1', 'kept2', 'kept3'] as const;

/**
 * The last question before the erasure, in plain words: what goes, what stays and why (signed
 * contracts under commercial and tax law). Nothing happens until "Konto endgültig löschen".
 */
export function DeleteAccountModal({
  opened,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <Modal opened={opened} onClose={onClose} title={t('delete.modal.title')} centered size="lg">
      <Stack gap="md">
        <Alert color="red">{t('delete.modal.intro')}</Alert>
        <Stack gap={6}>
          <Title order={4} fz="md">
            {t('delete.modal.deletedTitle')}
          </Title>
          <List spacing={4} size="sm">
            {DELETED.map((key) => (
              <List.Item key={key}>{t(`delete.modal.${key}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap={6}>
          <Title order={4} fz="md">
            {t('delete.modal.keptTitle')}
          </Title>
          <List spacing={4} size="sm">
            {KEPT.map((key) => (
              <List.Item key={key}>{t(`delete.modal.${key}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" c="dimmed">
          {t('delete.modal.hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {t('delete.modal.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {t('delete.modal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
