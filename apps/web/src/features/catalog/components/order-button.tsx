import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import type { FieldError } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useCreateOrder } from '../api/create-order';
import { isOrderDisabled, orderBlocker, type OrderChoice } from '../order-rules';
import type { DisplayedRate } from '../rates';
import { PolicyRefusalAlert } from './policy-refusal-alert';
import classes from './vehicle-page.module.css';

export interface OrderButtonProps extends OrderChoice {
  /** The package's net rate, repeated beside the button where it sits in the bar at a phone's foot. */
  rate?: DisplayedRate | null;
}

/**
 * On a phone and a tablet held upright (below Mantine's `md`, where the page is one column) the button
 * and the net rate sit in a bar fixed at the screen's foot, so both are in view without scrolling
 * (issue #48); wider, the bar is an ordinary block in the package panel and the rate beside the button
 * is not drawn. One button either way: one focus stop, one name, in its place in the reading order.
 * The rate in the bar repeats the price preview just before it in the page, so it is not read twice.
 */
function OrderBar({ rate, children }: { rate: DisplayedRate | null | undefined; children: ReactNode }) {
  const { t } = useTranslation('catalog');
  return (
    <div className={classes.orderBar} data-testid="order-bar">
      {rate ? (
        <div className={classes.orderBarRate} aria-hidden="true" data-testid="order-bar-rate">
          <span className={classes.orderBarLabel}>{rate.personal ? t('price.ownRate') : t('price.estimatedRate')}</span>
          <span className={classes.orderBarAmount}>
            {formatPrice(rate.rate)} <span className={classes.orderBarUnit}>{t('price.perMonth')}</span>
          </span>
        </div>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The order button of spec 4.3. Disabled, with a hint and a link to the salary form, while the package
 * has no personal net rate; disabled, with the reasons above it, when the employer's programme refuses
 * the package; otherwise it checks the choice, creates the order and opens its workflow.
 */
export function OrderButton({ rate, ...choice }: OrderButtonProps) {
  const { t } = useTranslation('catalog');
  const notify = useNotify();
  const navigate = useNavigate();
  const hintId = useId();
  const createOrder = useCreateOrder();
  // One key per order attempt: kept while the answer is unknown (network failure), so trying again
  // cannot create a second order; a new one once the server has answered, or once the choice changed
  // (the server refuses a key used again with another body).
  const attemptKey = useRef<{ key: string; choice: string } | null>(null);
  const blocker = orderBlocker(choice);
  const disabled = isOrderDisabled(choice);
  const refusals = blocker === 'POLICY_REFUSED' ? (choice.policy?.reasons ?? []) : [];

  const warnMissing = (errors: readonly FieldError[]) => {
    for (const error of errors) notify.warning(t('order.missingField', { field: error.message || error.field }));
  };

  const submit = () => {
    const { leasePackage, color, delivery } = choice;
    if (blocker !== null || !leasePackage || !color || !delivery) {
      notify.warning(t('order.missingOptions'));
      return;
    }
    const chosen = JSON.stringify([leasePackage.id, color, delivery]);
    if (attemptKey.current?.choice !== chosen) attemptKey.current = { key: crypto.randomUUID(), choice: chosen };
    createOrder.mutate(
      { leasePackageId: leasePackage.id, color, delivery, idempotencyKey: attemptKey.current.key },
      {
        onSuccess: (answer) => {
          attemptKey.current = null;
          if (answer.errors && answer.errors.length > 0) {
            warnMissing(answer.errors);
            return;
          }
          if (answer.orderId === null) {
            notify.error(t('order.failed'));
            return;
          }
          void navigate(`/order/${String(answer.orderId)}/workflow`);
        },
        onError: (error) => {
          // An answer from the server ends the attempt; without one (network) the next click repeats it.
          if (!isApiError(error) || error.status > 0) attemptKey.current = null;
          // The employer's programme refuses with its reason (German, from the server); a 4xx answer
          // may list the missing fields; anything else is a failed request.
          if (isApiError(error) && error.code === 'POLICY_REFUSED') notify.error(error.message);
          else if (isApiError(error) && error.errors.length > 0) warnMissing(error.errors);
          else notify.error(t('order.failed'));
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      {blocker === 'POLICY_REFUSED' ? <PolicyRefusalAlert id={hintId} reasons={refusals} /> : null}
      <OrderBar rate={rate}>
        <Button
          size="lg"
          fullWidth
          className={classes.orderBarButton}
          onClick={submit}
          disabled={disabled}
          loading={createOrder.isPending}
          aria-describedby={disabled ? hintId : undefined}
          data-testid="order-button"
        >
          {t('order.button')}
        </Button>
      </OrderBar>
      {blocker === 'NO_USER_PRICE' ? (
        <Text id={hintId} size="sm" data-testid="order-hint">
          {t('order.needsSalary')}{' '}
          <Anchor component={Link} to="/profile/salary" size="sm" fw={600}>
            {t('order.toSalary')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
