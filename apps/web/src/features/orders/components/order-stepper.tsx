import { Box, Button, Group, Paper, Stepper, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { StepDisplayState, WorkflowStep } from '../workflow';

const COLORS: Record<StepDisplayState, string> = {
  finished: 'ev',
  'finished-successful': 'ev',
  current: 'ev',
  declined: 'red',
  'finished-unsuccessful': 'red',
  neutral: 'gray',
};

function StateIcon({ display, index }: { display: StepDisplayState; index: number }) {
  switch (display) {
    case 'finished':
    case 'finished-successful':
      return <span aria-hidden="true">✓</span>;
    case 'declined':
    case 'finished-unsuccessful':
      return <span aria-hidden="true">✕</span>;
    default:
      return <span aria-hidden="true">{index + 1}</span>;
  }
}

/** Every step with its number, name and state: across on a wide screen, upright on a phone. */
function StepList({ steps, active, vertical }: { steps: WorkflowStep[]; active: number; vertical: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <Stepper active={active} orientation={vertical ? 'vertical' : 'horizontal'} size="sm" data-testid="order-stepper">
      {steps.map((step, index) => {
        const icon = <StateIcon display={step.display} index={index} />;
        return (
          <Stepper.Step
            key={step.id ?? step.stepType}
            label={stepName(t, step)}
            description={t(`workflow.display.${step.display}`)}
            icon={icon}
            completedIcon={icon}
            progressIcon={icon}
            color={COLORS[step.display]}
            aria-current={index === active ? 'step' : undefined}
            data-state={step.display}
            data-step-type={step.stepType}
          />
        );
      })}
    </Stepper>
  );
}

const stepName = (t: TFunction<'orders'>, step: WorkflowStep) =>
  t(`workflow.steps.${step.stepType}`, { defaultValue: step.stepName ?? step.stepType });

/**
 * On a phone: "Schritt 3 von 8 – <name>" and the current step's state first, the whole list folded
 * behind a button, so the step's own screen starts on the first screen (issue #48).
 */
function CompactStepper({ steps, active }: { steps: WorkflowStep[]; active: number }) {
  const { t } = useTranslation('orders');
  const [opened, { toggle }] = useDisclosure(false);
  const listId = useId();
  const current = steps[active];
  if (!current) return null;
  return (
    <Paper withBorder radius="md" px="sm" py="xs">
      <Text fw={700} data-testid="order-stepper-summary">
        {t('workflow.stepOf', { current: active + 1, total: steps.length, name: stepName(t, current) })}
      </Text>
      <Group justify="space-between" align="center" gap="xs">
        <Text size="sm" c="dimmed">
          {t(`workflow.display.${current.display}`)}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={listId}
          data-testid="order-stepper-toggle"
        >
          {opened ? t('workflow.hideSteps') : t('workflow.showSteps')}
        </Button>
      </Group>
      <div id={listId} hidden={!opened}>
        {opened ? (
          <Box mt="sm">
            <StepList steps={steps} active={active} vertical />
          </Box>
        ) : null}
      </div>
    </Paper>
  );
}

/**
 * The workflow's stepper (spec 4.5). Mantine draws steps before the active one as completed; each
 * step's own display state decides its icon and colour, and its German state is the description, so
 * the state does not rest on colour alone. On a phone the current step comes first and the list is
 * folded (CompactStepper).
 */
export function OrderStepper({ steps, active }: { steps: WorkflowStep[]; active: number }) {
  const { t } = useTranslation('orders');
  // Read on the first render (no server rendering here): a stepper drawn across and then folded
  // after the first paint would move everything below it.
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <nav aria-label={t('workflow.stepperLabel')}>
      {narrow ? (
        <CompactStepper steps={steps} active={active} />
      ) : (
        <StepList steps={steps} active={active} vertical={false} />
      )}
    </nav>
  );
}
