import type { Order } from '@leasing/contract';

import { screenFor, type WorkflowStep } from '../workflow';
import { ConfirmSummaryStep } from './confirm-summary-step';
import { PreviewContractStep } from './preview-contract-step';
import { ProviderStep } from './provider-step';
import {
  BreakingChangeStep,
  CancelledStep,
  ClosedStep,
  FinishedStep,
  HiddenSignStep,
  LeasingActiveStep,
  UnknownStep,
  WaitingStep,
} from './status-steps';
import { LeaseEndedStep } from '../../lease-end/lease-ended-step';
import { ConversionEndedStep } from '../../lease-end/conversion-ended-step';

export interface StepScreenProps {
  order: Order;
  step: WorkflowStep;
  /** The hide-sign build switch (spec 4.5). */
  hideSign: boolean;
  /** Continue is possible only before the signature (spec 4.5). */
  continueDisabled: boolean;
}

/** The screen of the active step; unknown types show 'Component not found'. */
export function StepScreen({ order, step, hideSign, continueDisabled }: StepScreenProps) {
  const screen = screenFor(step.stepType, hideSign);
  switch (screen) {
    case 'CONFIRM_SUMMARY':
      return <ConfirmSummaryStep order={order} step={step} disabled={continueDisabled} />;
    case 'PREVIEW_CONTRACT':
      return <PreviewContractStep order={order} step={step} disabled={continueDisabled} />;
    case 'NECT_DRIVERS_LICENCE':
      return (
        <ProviderStep
          key={`ident-${String(order.id)}`}
          order={order}
          step={step}
          kind="ident"
          disabled={continueDisabled}
        />
      );
    case 'NECT_SIGN':
      return (
        <ProviderStep
          key={`sign-${String(order.id)}`}
          order={order}
          step={step}
          kind="sign"
          disabled={continueDisabled}
        />
      );
    case 'USER_STEPS_FINISHED':
      return <FinishedStep order={order} />;
    case 'TENANT_ADMIN_CLICK_CONFIRM':
    case 'ADMIN_CONFIRM':
      return <WaitingStep stepType={screen} />;
    case 'LEASING_ACTIVE':
      return <LeasingActiveStep order={order} completed={step.record?.status === 'ACCEPTED'} />;
    case 'DECLINED_BY_TENANT':
    case 'DECLINED_BY_ADMIN':
    case 'EXPIRED':
      return <ClosedStep order={order} stepType={screen} />;
    case 'BREAKING_CHANGE':
      return <BreakingChangeStep order={order} />;
    case 'CANCELLED_BY_EMPLOYEE':
      return <CancelledStep order={order} />;
    case 'CONVERSION_ENDED':
      return <ConversionEndedStep order={order} />;
    case 'LEASE_ENDED':
      return <LeaseEndedStep order={order} />;
    case 'SIGN_HIDDEN':
      return <HiddenSignStep />;
    default:
      return <UnknownStep />;
  }
}
