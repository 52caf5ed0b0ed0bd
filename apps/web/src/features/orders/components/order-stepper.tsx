import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

/**
 * The workflow's stepper (spec 4.5). Mantine draws steps before the active one as completed; each
 * step's own display state decides its icon and colour, and its German state is the description, so
 * the state does not rest on colour alone.
 */
export function OrderStepper({ steps, active }: { steps: WorkflowStep[]; active: number }) {
  const { t } = useTranslation('orders');
  // Read on the first render (no server rendering here): a stepper drawn across and then turned
  // upright after the first paint would move everything below it.
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <nav aria-label={t('workflow.stepperLabel')}>
      <Stepper active={active} orientation={narrow ? 'vertical' : 'horizontal'} size="sm" data-testid="order-stepper">
        {steps.map((step, index) => {
          const icon = <StateIcon display={step.display} index={index} />;
          return (
            <Stepper.Step
              key={step.id ?? step.stepType}
              label={t(`workflow.steps.${step.stepType}`, { defaultValue: step.stepName ?? step.stepType })}
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
    </nav>
  );
}
