import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends ButtonProps {
  children: ReactNode;
  /** What will happen, asked before it does. */
  question: string;
  /** The confirming button's text (defaults to the button's own). */
  confirmLabel?: string;
  onConfirm: () => void;
  'aria-label'?: string;
}

/** A button for consequential actions: it asks in a dialog first (Abbrechen / the action). */
export function ConfirmButton({
  children,
  question,
  confirmLabel,
  onConfirm,
  'aria-label': ariaLabel,
  ...button
}: Props) {
  const { t } = useTranslation('provider');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('common.confirmTitle')} centered>
        <Stack gap="md">
          <Text>{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={button.color}
              data-autofocus
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel ?? children}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
