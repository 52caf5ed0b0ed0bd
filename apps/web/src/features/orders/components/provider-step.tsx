import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { STATUS_POLL_INTERVAL_MS, type Order } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { orderWorkflowQueryOptions } from '../api/get-order-workflow';
import { useRequestCaseLink, type CaseKind } from '../api/request-case-link';
import { useAcceptStep } from '../hooks/use-accept-step';
import { useCaseDone } from '../hooks/use-case-done';
import { openProviderPage } from '../open-window';
import { startPolling } from '../poller';
import type { WorkflowStep } from '../workflow';

/**
 * After a successful signature the server moves the order on by itself: reload the workflow until it
 * has left the signing step (the check can turn true a moment before the transition is stored).
 */
function useReloadWhenSigned(orderId: number, signed: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signed) return undefined;
    return startPolling({
      check: async () => {
        const fresh = await queryClient.fetchQuery({ ...orderWorkflowQueryOptions(orderId), staleTime: 0 });
        return fresh.status !== 'NECT_SIGN';
      },
      intervalMs: STATUS_POLL_INTERVAL_MS,
      onDone: () => undefined,
    });
  }, [orderId, signed, queryClient]);
}

/**
 * While the provider's page is open in another tab, coming back to this one reloads the order: an
 * attempt that ended there without success (`providerCaseFailure`) is then shown here too.
 */
function useReloadOnReturn(orderId: number, active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return undefined;
    const reload = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: orderWorkflowQueryOptions(orderId).queryKey });
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', reload);
    return () => {
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', reload);
    };
  }, [orderId, active, queryClient]);
}

/**
 * NECT_DRIVERS_LICENCE (`ident`) and NECT_SIGN (`sign`), performed at the external provider (spec 4.5):
 * "start" asks for the link and opens it in a new tab; the case is checked every 3 s. A finished
 * identity check enables continue; a finished signature reloads the order. "Try again" asks for the
 * link once more: the same link while the case is open, a new case after a failure or cancellation.
 */
export function ProviderStep({
  order,
  step,
  kind,
  disabled,
}: {
  order: Order;
  step: WorkflowStep;
  kind: CaseKind;
  disabled: boolean;
}) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const requestLink = useRequestCaseLink();
  const [link, setLink] = useState<string | null>(null);
  /** A signature that could not start, with the server's reason when it sent one. */
  const [signFailure, setSignFailure] = useState<{ reason: string | null } | null>(null);
  const stepId = step.id ?? 0;
  const done = useCaseDone(order.id, stepId, kind, step.id !== null);
  const { accept, pending } = useAcceptStep(order, step);
  useReloadWhenSigned(order.id, kind === 'sign' && done);
  useReloadOnReturn(order.id, link !== null && !done);
  // The last attempt's failure, until the employee starts a new one from this screen.
  const [dismissedFailureAt, setDismissedFailureAt] = useState<string | null>(null);
  const lastFailure = order.providerCaseFailure;
  const caseFailure =
    lastFailure && lastFailure.kind === (kind === 'ident' ? 'IDENT' : 'SIGN') && lastFailure.at !== dismissedFailureAt
      ? lastFailure
      : null;

  const start = () => {
    setSignFailure(null);
    setDismissedFailureAt(lastFailure?.at ?? null);
    requestLink.mutate(
      { orderId: order.id, stepId, kind },
      {
        onSuccess: (answer) => {
          setLink(answer);
          openProviderPage(answer);
        },
        onError: (error) => {
          const reason = isApiError(error) && error.message ? error.message : null;
          // The signature's reason stays on the screen next to "try again" (a refused or expired
          // certificate is not fixed by waiting); the identity check's is a notice.
          if (kind === 'sign') setSignFailure({ reason });
          else notify.error(reason ?? t('common.error'));
        },
      },
    );
  };

  const tried = link !== null || requestLink.isError || order.providerCaseFailure !== null;
  return (
    <Stack gap="lg" data-testid={`step-${kind}`}>
      <Stack gap={4}>
        <Title order={2}>{kind === 'ident' ? t('provider.identTitle') : t('provider.signTitle')}</Title>
        <Text c="dimmed">{kind === 'ident' ? t('provider.identIntro') : t('provider.signIntro')}</Text>
      </Stack>

      {done ? (
        <Alert color="ev" variant="light" role="status" data-testid="case-done">
          {kind === 'ident' ? t('provider.identDone') : t('provider.signDone')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group>
            <Button
              onClick={start}
              loading={requestLink.isPending}
              disabled={disabled}
              variant={tried ? 'default' : 'filled'}
            >
              {tried ? t('provider.tryAgain') : kind === 'sign' ? t('provider.signStart') : t('provider.start')}
            </Button>
          </Group>
          {signFailure ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              data-testid="sign-error"
              title={signFailure.reason ? t('provider.signError') : undefined}
            >
              {signFailure.reason ?? t('provider.signError')}
            </Alert>
          ) : null}
          {caseFailure && !signFailure ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              data-testid="case-failed"
              title={t('provider.caseFailedTitle')}
            >
              {caseFailure.message ?? t(`provider.caseFailed.${caseFailure.kind}_${caseFailure.status}`)}
            </Alert>
          ) : null}
          {link && !caseFailure ? (
            <Stack gap="xs" data-testid="case-started">
              <Text>{t('provider.started')}</Text>
              <Anchor href={link} target="_blank" rel="noopener noreferrer">
                {t('provider.openAgain')}
              </Anchor>
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{t('provider.waiting')}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('provider.failedHint')}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      )}

      {kind === 'ident' ? (
        <Group>
          <Button onClick={() => accept()} disabled={!done || disabled} loading={pending} data-testid="ident-continue">
            {t('common.continue')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
