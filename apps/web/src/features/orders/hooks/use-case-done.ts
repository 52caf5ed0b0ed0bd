import { useEffect, useState } from 'react';

import { STATUS_POLL_INTERVAL_MS } from '@leasing/contract';

import { checkCase } from '../api/check-case';
import type { CaseKind } from '../api/request-case-link';
import { startPolling } from '../poller';

/**
 * Whether the provider case of a step has succeeded: asks at once and then every 3 s (spec 9) while
 * the step's screen is shown, and stops when the answer is true or the screen goes away. Asking from
 * the start (not only after "start") covers the employee who finished at the provider in another tab.
 */
export function useCaseDone(orderId: number, stepId: number, kind: CaseKind, enabled = true): boolean {
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const key = `${String(orderId)}/${String(stepId)}/${kind}`;

  useEffect(() => {
    if (!enabled) return undefined;
    return startPolling({
      check: (signal) => checkCase({ orderId, stepId, kind }, signal),
      intervalMs: STATUS_POLL_INTERVAL_MS,
      onDone: () => setDoneFor(`${String(orderId)}/${String(stepId)}/${kind}`),
      onError: (error) => console.warn('case check failed', error),
    });
  }, [orderId, stepId, kind, enabled]);

  return doneFor === key;
}
