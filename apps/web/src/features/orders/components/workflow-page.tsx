import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { DRIVER_ORDER_STEPS, OrderIdParamsSchema, isRunningLease, type Order } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { useOrderWorkflow } from '../api/get-order-workflow';
import { vehicleTitle } from '../order-figures';
import { orderConfig } from '../order-config';
import { activeStepIndex, canContinueOrDelete, workflowSteps } from '../workflow';
import { AbsenceCard } from './absence-card';
import { CancellationCard } from './cancellation-card';
import { ClaimsCard } from './claims-card';
import { DriversCard } from './drivers-card';
import { MileageCard } from './mileage-card';
import { OrderSkeleton } from './order-skeletons';
import { OrderStepper } from './order-stepper';
import { PACKAGE_CHANGE_CARD_ID, PackageChangeCard } from './package-change-card';
import { StepScreen } from './step-screen';
import classes from './orders.module.css';

/** The order id of the route, or null when it is not a valid one (then nothing is asked). */
export function useOrderIdParam(): number | null {
  const { orderId = '' } = useParams();
  const parsed = OrderIdParamsSchema.safeParse({ orderId });
  return parsed.success ? parsed.data.orderId : null;
}

export function OrderNotFound() {
  const { t } = useTranslation('orders');
  usePageTitle(t('common.notFoundTitle'));
  return (
    <Stack gap="md" align="flex-start" data-testid="order-not-found">
      <Title order={1}>{t('common.notFoundTitle')}</Title>
      <Text>{t('common.notFoundText')}</Text>
      <Button component={Link} to="/profile/orders">
        {t('common.toOrders')}
      </Button>
    </Stack>
  );
}

export function OrderLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Alert variant="light" color="red" role="alert" title={t('common.loadError')}>
      <Button variant="default" size="xs" mt="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/**
 * When the order moves to its next step, the new step's screen replaces the old one where the page was
 * scrolled to, usually far down on a phone (the button at the summary's end): the page goes back to the
 * order's title, below the sticky header (`scroll-padding-top`, global.css), and the title takes the
 * focus the pressed button took with it. Not on the first render: a page opened fresh starts at its top.
 */
function useBackToTitleOnNewStep(stepKey: string): RefObject<HTMLHeadingElement | null> {
  const title = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(stepKey);
  useEffect(() => {
    if (shownStep.current === stepKey) return;
    shownStep.current = stepKey;
    const heading = title.current;
    if (!heading) return;
    const headerSpace = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (heading.getBoundingClientRect().top < headerSpace) heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [stepKey]);
  return title;
}

/** The stepper and the active step's screen of one order. */
export function Workflow({ order, hideSign = orderConfig.hideSign }: { order: Order; hideSign?: boolean }) {
  const { t } = useTranslation('orders');
  const steps = workflowSteps(order.steps, order.userSteps);
  const active = activeStepIndex(steps);
  const activeStep = steps[active];
  const stepKey = activeStep ? `${String(activeStep.id)}-${activeStep.record?.id ?? 'none'}` : 'none';
  const title = useBackToTitleOnNewStep(stepKey);
  // After the handover and until the car is back: the odometer, the kilometre package and the damage reports.
  const runningLease = isRunningLease(order);
  usePageTitle(t('workflow.title'));

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} ref={title} tabIndex={-1} className={classes.orderTitle}>
          {t('common.orderTitle', { orderId: order.id })}
        </Title>
        <Text c="dimmed">{vehicleTitle(order.vehicle)}</Text>
      </Stack>
      <OrderStepper steps={steps} active={active} />
      <CancellationCard order={order} />
      {DRIVER_ORDER_STEPS.includes(order.status) ? <DriversCard orderId={order.id} /> : null}
      {order.status === 'LEASING_ACTIVE' ? <AbsenceCard orderId={order.id} /> : null}
      {runningLease ? <MileageCard orderId={order.id} packageChangeId={PACKAGE_CHANGE_CARD_ID} /> : null}
      {runningLease ? <PackageChangeCard order={order} /> : null}
      {runningLease ? <ClaimsCard order={order} /> : null}
      {activeStep ? (
        <StepScreen
          // A new step starts with a fresh screen (agreement unticked, no provider link).
          key={stepKey}
          order={order}
          step={activeStep}
          hideSign={hideSign}
          continueDisabled={!canContinueOrDelete(order, false)}
        />
      ) : null}
    </Stack>
  );
}

/** /order/:orderId/workflow (spec 2.6, 4.5). */
export function WorkflowPage() {
  const orderId = useOrderIdParam();
  const workflow = useOrderWorkflow(orderId ?? 0, orderId !== null);
  if (orderId === null) return <OrderNotFound />;
  if (workflow.data) return <Workflow order={workflow.data} />;
  if (workflow.isError) {
    if (isApiError(workflow.error) && (workflow.error.status === 404 || workflow.error.status === 400)) {
      return <OrderNotFound />;
    }
    return <OrderLoadError onRetry={() => void workflow.refetch()} />;
  }
  return <OrderSkeleton />;
}
